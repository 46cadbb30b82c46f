// The installable app (issue 48, part 1): every page names the web app manifest of its language; the manifest
// carries the brand's name, colour and icon (the logo's mark), and Chromium finds nothing in it that keeps the
// portal from being installed.
import { brandConfig } from '@pet/shared/brands';
import { paths } from '@pet/shared/paths';
import { expect, test } from '../fixtures/index.ts';

test('the manifest in the page’s language, with the brand’s name and icon; Chromium can install it', {
  tag: ['@de', '@tier-fritz', '@hunde-schutz'],
}, async ({ page, context, brand, lang }) => {
  await page.goto(paths.signin);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe(`/manifest.${lang}.webmanifest`);

  const answer = await page.request.get(href ?? '');
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: brandConfig(brand).displayName,
    lang,
    start_url: paths.dashboard,
    display: 'standalone',
  });
  const themeColour = await page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(manifest.theme_color).toBe(themeColour);

  const icon = await page.request.get(manifest.icons[0].src);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toContain('viewBox="0 0 48 48"');

  // What Chrome's install prompt checks, from the browser itself. A test's browser context is an incognito
  // profile, which Chromium never installs from: that error says nothing of the portal, and is listed beside
  // the others (a manifest without a usable icon adds manifest-missing-suitable-icon and no-acceptable-icon).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const errors = installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
  expect(errors).toEqual([]);
});
