import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { BrandConfig } from '@pet/shared/brands';
import { COLLAPSE_ANIMATION_MS } from '../lib/animations.ts';
import focus from './focus.module.css';
import { READABLE_COLORS } from './readableColors.ts';

// WCAG 2.2 AA asks 4.5:1 for text (1.4.3). Mantine's stock colours miss it: white on teal.7 is 3.1:1, on
// orange.7 3.0:1, on red.7 3.8:1, and the dimmed grey (gray.6) is 3.3:1 on white. The theme darkens the
// shades text and filled buttons use, for every brand at once, instead of each screen picking its own.

/** The text contrast aimed at, a little above 4.5:1 so rounding and anti-aliasing stay clear of the line. */
export const TEXT_CONTRAST = 4.7;

/** The lightest background text sits on: the app's page background (gray.0); white is lighter still. */
const PAGE_BACKGROUND = DEFAULT_THEME.colors.gray[0];

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in small steps until it reaches TEXT_CONTRAST on each of `backgrounds`. */
function readable(color: string, backgrounds: string[]): string {
  const enough = (candidate: string) =>
    backgrounds.every((background) => contrastRatio(candidate, background) >= TEXT_CONTRAST);
  let result = color;
  for (let step = 1; !enough(result) && step <= 20; step++) result = darken(color, step * 0.04);
  return result;
}

/**
 * A palette whose text shades read: 6 (a red menu item, an input's error) on the page, 7 (the filled shade:
 * buttons with white text, links, coloured text) on the page and on the colour's own tint (shade 1, a light
 * alert or nav link), 8 (a filled button's hover) and 9 (the text of light variants on shade 1 and 2) darker
 * still. Shades 0 to 5 (tints, borders, icons) stay as they are.
 */
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const tints = [palette[1], palette[2]];
  const text = readable(palette[6], [PAGE_BACKGROUND]);
  const filled = readable(palette[7], [PAGE_BACKGROUND, ...tints]);
  const hover = readable(darken(filled, 0.12), [PAGE_BACKGROUND, ...tints]);
  const lightText = readable(darken(filled, 0.25), [PAGE_BACKGROUND, ...tints]);
  return [...palette.slice(0, 6), text, filled, hover, lightText] as unknown as MantineColorsTuple;
}

/** Secondary ("dimmed") text: a grey between gray.6 (3.3:1, too light) and gray.7, 5.9:1 on gray.0. */
export const DIMMED_TEXT = '#5c636a';

/** Mantine's CSS variables with the readable dimmed grey (descriptions, hints, captions, dividers). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT },
  dark: {},
});

/**
 * The names of Mantine's icon-only buttons, in the user's language: a close × (dialogs, notifications) and a
 * field's clear × have no text, so without these a screen reader says only "button" (WCAG 4.1.2).
 */
export type ThemeLabels = { close: string; clear: string };

/** Mantine theme of a brand: its primary colour, generous radii, calm headings. */
export function createAppTheme(brand: BrandConfig, labels: ThemeLabels): MantineThemeOverride {
  const close = { closeButtonProps: { 'aria-label': labels.close } };
  const clear = { clearButtonProps: { 'aria-label': labels.clear } };
  return createTheme({
    colors: READABLE_COLORS,
    primaryColor: brand.color,
    primaryShade: { light: 7, dark: 5 },
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", "DejaVu Sans", sans-serif',
    headings: { fontWeight: '700' },
    components: {
      Paper: { defaultProps: { radius: 'lg' } },
      // The spec's collapse time for every collapse: accordions, the side bar's groups (a NavLink's Collapse).
      Collapse: { defaultProps: { transitionDuration: COLLAPSE_ANIMATION_MS } },
      Accordion: { defaultProps: { transitionDuration: COLLAPSE_ANIMATION_MS } },
      Card: { defaultProps: { radius: 'lg' }, classNames: { root: focus.card } },
      Button: { defaultProps: { radius: 'md' } },
      // A visible ring on keyboard focus where Mantine shows little of it (focus.module.css says why).
      Input: { classNames: { input: focus.input } },
      // Mantine's focus placeholder in a menu is a bare div with tabindex, which a role="menu" may not hold
      // (axe aria-required-children; fixed upstream in mantinedev/mantine#9004). Without it the first item
      // takes the focus on open, as the ARIA menu pattern has it.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false }, classNames: { item: focus.menuItem } },
      Modal: { defaultProps: close },
      Drawer: { defaultProps: close },
      Notification: { defaultProps: close },
      Select: { defaultProps: clear },
      DateInput: { defaultProps: clear },
    },
  });
}
