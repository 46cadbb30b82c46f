import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND_IDS, brandConfig } from '@pet/shared/brands';
import { LANGUAGES } from '@pet/shared/constants';
import { describe, expect, it } from 'vitest';
import { markColour, markIcon, webManifest } from './webManifest.ts';

// Each brand's installable app (issue 48): its manifest in both languages and its icon, the logo's mark.

const root = fileURLToPath(new URL('..', import.meta.url));
const logoOf = (logo: string) => readFileSync(`${root}/public/brands/${logo}`, 'utf8');
const description = (language: string) =>
  (
    JSON.parse(readFileSync(`${root}/src/locales/${language}/common.json`, 'utf8')) as {
      app: { description: string };
    }
  ).app.description;

describe.each(BRAND_IDS)('%s', (id) => {
  const brand = brandConfig(id);
  const logo = logoOf(brand.logo);

  it('has a square icon: the logo cropped to its 48-unit mark, drawing inside it', () => {
    const icon = markIcon(logo);
    const root = /<svg\b[^>]*>/.exec(icon)?.[0] ?? '';
    expect(root).toContain('viewBox="0 0 48 48"');
    expect(root).toContain('width="512"');
    expect(root).toContain('height="512"');
    expect(root.match(/viewBox=/g)).toHaveLength(1);
    // Everything after the root element is the logo's own drawing.
    expect(icon.slice(icon.indexOf('>') + 1)).toBe(logo.slice(logo.indexOf('>') + 1));
  });

  it.each(LANGUAGES)('has a manifest in %s: its name, language, start page, colours and icon', (language) => {
    const manifest = webManifest(brand, logo, language, description(language));
    expect(manifest).toMatchObject({
      name: brand.displayName,
      short_name: brand.displayName,
      lang: language,
      id: '/',
      start_url: '/dashboard',
      display: 'standalone',
      icons: [{ src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.description.length).toBeGreaterThan(20);
  });
});

it('takes the brand colour from the mark and the description from the language', () => {
  expect(markColour(logoOf('petention.svg'))).toBe('#0ca678');
  expect(markColour(logoOf('tier-fritz.svg'))).toBe('#4263eb');
  expect(description('de')).not.toBe(description('en'));
  expect(description('de')).toContain('Tiere');
});
