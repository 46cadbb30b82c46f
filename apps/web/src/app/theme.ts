import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { BrandConfig } from '@pet/shared/brands';

/** Mantine theme of a brand: its primary colour, generous radii, calm headings. */
export function createAppTheme(brand: BrandConfig): MantineThemeOverride {
  return createTheme({
    primaryColor: brand.color,
    primaryShade: { light: 7, dark: 5 },
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", "DejaVu Sans", sans-serif',
    headings: { fontWeight: '700' },
    components: {
      Paper: { defaultProps: { radius: 'lg' } },
      Card: { defaultProps: { radius: 'lg' } },
      Button: { defaultProps: { radius: 'md' } },
    },
  });
}
