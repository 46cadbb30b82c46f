import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { BrandConfig } from '@pet/shared/brands';
import focus from './focus.module.css';

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
      Card: { defaultProps: { radius: 'lg' }, classNames: { root: focus.card } },
      Button: { defaultProps: { radius: 'md' } },
      // A visible ring on keyboard focus where Mantine shows little of it (focus.module.css says why).
      Input: { classNames: { input: focus.input } },
      Menu: { classNames: { item: focus.menuItem } },
    },
  });
}
