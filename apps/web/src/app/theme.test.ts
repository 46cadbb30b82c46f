import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { BRAND_IDS, brandConfig } from '@pet/shared/brands';
import { describe, expect, it } from 'vitest';
import { READABLE_COLORS } from './readableColors.ts';
import { contrastRatio, createAppTheme, DIMMED_TEXT, readablePalette } from './theme.ts';

const WHITE = '#ffffff';
const LABELS = { close: 'Close', clear: 'Clear' };
const PAGE = DEFAULT_THEME.colors.gray[0];

describe('the theme keeps text at WCAG AA contrast (4.5:1)', () => {
  it.each(BRAND_IDS)('%s: its primary colour on buttons, as text, and in light variants', (id) => {
    const theme = createAppTheme(brandConfig(id), LABELS);
    const palette = theme.colors?.[brandConfig(id).color] as MantineColorsTuple;
    // White on a filled button and on its hover; the colour as a link on white and on the page's grey.
    for (const shade of [palette[7], palette[8]])
      expect(contrastRatio(WHITE, shade)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[7], PAGE)).toBeGreaterThanOrEqual(4.5);
    // A link in a light alert: shade 7 on shade 1; a coloured menu item: shade 6 on the page.
    expect(contrastRatio(palette[7], palette[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[6], PAGE)).toBeGreaterThanOrEqual(4.5);
    // A light button or badge: shade 9 on shade 1 (and its hover, shade 2).
    expect(contrastRatio(palette[9], palette[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[9], palette[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('the other colours buttons use (red, green, blue) too', () => {
    const colors = createAppTheme(brandConfig('petention'), LABELS).colors ?? {};
    for (const name of ['red', 'green', 'blue', 'orange']) {
      const palette = colors[name] as MantineColorsTuple;
      expect(contrastRatio(WHITE, palette[7]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette[6], WHITE), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette[9], palette[1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed text reads on white and on the page grey; Mantine stock gray.6 would not', () => {
    expect(contrastRatio(DIMMED_TEXT, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DIMMED_TEXT, PAGE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(4.5);
  });
});

describe('the readable colours written out (readableColors.ts)', () => {
  it("are Mantine's palettes with readable text shades, as readablePalette makes them", () => {
    const computed = Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors)
        .filter(([name]) => name !== 'gray' && name !== 'dark')
        .map(([name, palette]) => [name, readablePalette(palette)]),
    );
    expect(READABLE_COLORS, `write these into readableColors.ts: ${JSON.stringify(computed)}`).toEqual(
      computed,
    );
  });
});
