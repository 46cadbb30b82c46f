import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandConfig } from '@pet/shared/brands';
import { LANGUAGES, type Language } from '@pet/shared/constants';
import type { Plugin } from 'vite';

// The installable app (issue 48): a web app manifest per language, `manifest.<language>.webmanifest`, and the
// brand's icon, emitted by each brand's build. The server names the page's language's manifest in the HTML
// (apps/api/src/plugins/web-index.ts). The icon is the brand's mark: every logo under public/brands/ draws it
// in its first 48 x 48 units, its name beside it, so the logo's own SVG cropped to that square is the icon,
// in the brand's own colours, sharp at every size.

/** Where the icon is served from (the build's root). */
export const APP_ICON = '/app-icon.svg';
/** The side of the logo's mark, in the logo's units. */
const MARK_SIDE = 48;
/** The app's page background (Mantine's gray.0, as the theme's): the splash screen's colour. */
const BACKGROUND = '#f8f9fa';

export const manifestPath = (language: Language) => `/manifest.${language}.webmanifest`;

/** The logo's SVG with its root cropped to the mark: a square icon. */
export function markIcon(logoSvg: string): string {
  const root = /<svg\b[^>]*>/.exec(logoSvg);
  if (!root) throw new Error('the brand logo is no SVG');
  const square = root[0]
    .replace(/\sviewBox="[^"]*"/, '')
    .replace(/\swidth="[^"]*"/, '')
    .replace(/\sheight="[^"]*"/, '')
    .replace('<svg', `<svg viewBox="0 0 ${MARK_SIDE} ${MARK_SIDE}" width="512" height="512"`);
  return logoSvg.replace(root[0], square);
}

/** The brand's colour: the fill its logo's mark is drawn in first. */
export function markColour(logoSvg: string): string {
  const fill = /fill="(#[0-9a-fA-F]{6})"/.exec(logoSvg)?.[1];
  if (!fill) throw new Error('the brand logo names no colour');
  return fill.toLowerCase();
}

export interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  lang: Language;
  dir: 'ltr';
  id: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

export function webManifest(
  brand: Pick<BrandConfig, 'displayName'>,
  logoSvg: string,
  language: Language,
  description: string,
): WebManifest {
  return {
    name: brand.displayName,
    short_name: brand.displayName,
    description,
    lang: language,
    dir: 'ltr',
    // One app whatever language its manifest was read in: the id stays when the language changes.
    id: '/',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: markColour(logoSvg),
    background_color: BACKGROUND,
    icons: [{ src: APP_ICON, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

/** The description of the app in a language, from the locale files (common.json's `app.description`). */
function descriptionIn(root: string, language: Language): string {
  const common = JSON.parse(readFileSync(join(root, 'src', 'locales', language, 'common.json'), 'utf8')) as {
    app?: { description?: unknown };
  };
  const text = common.app?.description;
  if (typeof text !== 'string' || !text) throw new Error(`common.json (${language}) has no app.description`);
  return text;
}

export function webManifestPlugin(options: { root: string; brand: BrandConfig }): Plugin {
  let logoSvg: string | undefined;
  const logo = () => {
    logoSvg ??= readFileSync(join(options.root, 'public', 'brands', options.brand.logo), 'utf8');
    return logoSvg;
  };
  return {
    name: 'pet-portal:web-manifest',
    apply: 'build',
    // The browser's bar in the brand's colour, also before the manifest is read.
    transformIndexHtml(html) {
      return html.replace('</head>', `<meta name="theme-color" content="${markColour(logo())}"></head>`);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: APP_ICON.slice(1), source: markIcon(logo()) });
      for (const language of LANGUAGES) {
        const manifest = webManifest(options.brand, logo(), language, descriptionIn(options.root, language));
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });
      }
    },
  };
}
