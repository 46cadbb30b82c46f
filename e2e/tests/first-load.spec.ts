import { expect, test } from '../fixtures/index.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';

// A signed-in page's first load (issue 46): the HTML carries the public configuration and names the page's
// chunks and the profile the app asks for first, and the browser uses them: no request for /v1/config, one
// for the profile (the preload's, taken by the app's own fetch), the page's chunks asked for once.

test('a pet’s page opens on the HTML’s preloads: no /v1/config, one profile request', async ({
  page,
  api,
}) => {
  await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna' });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });

  await page.goto(`/pet-details/Luna/${luna.id}`);
  await expect(page.getByRole('heading', { name: 'Luna' }).first()).toBeVisible();
  const html = await page.content();
  expect(html).toContain('id="public-config"');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin="" href="\/assets\/PetDetailsPage-/);

  expect(asked.filter((path) => path === '/v1/config')).toEqual([]);
  expect(asked.filter((path) => path === '/v1/auth/myinfo')).toHaveLength(1);
  const pageChunk = asked.filter((path) => /^\/assets\/PetDetailsPage-.*\.js$/.test(path));
  expect(pageChunk).toHaveLength(1);
  // The browser warns about a preload nobody used within a few seconds of the load.
  await page.waitForTimeout(3_500);
  expect(warnings).toEqual([]);
});
