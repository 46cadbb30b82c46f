import { brandConfig } from '@pet/shared/brands';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';

// A signed-in page's first load (issue 46): the HTML carries the public configuration and names the page's
// chunks, the profile the app asks for first and the page's own first reads, and the browser uses them: no
// request for /v1/config, each read asked for once (the preload's, taken by the app's own fetch), the page's
// chunks asked for once, and no preload left unused.

/** Every request of the page (path and query), and the browser's warnings about preloads. */
function watch(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    asked.push(`${url.pathname}${url.search}`);
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return { asked, warnings };
}

/** The browser warns about a preload nobody used within a few seconds of the load. */
async function expectNoUnusedPreload(page: Page, warnings: string[]) {
  await page.waitForTimeout(3_500);
  expect(warnings).toEqual([]);
}

test('a pet’s page opens on the HTML’s preloads: no /v1/config, one profile request @de', async ({
  page,
  api,
}) => {
  await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna' });
  const { asked, warnings } = watch(page);

  await page.goto(`/pet-details/Luna/${luna.id}`);
  await expect(page.getByRole('heading', { name: 'Luna' }).first()).toBeVisible();
  const html = await page.content();
  expect(html).toContain('id="public-config"');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin="" href="\/assets\/PetDetailsWithDoses-/);
  expect(html).toContain(
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/v1/pet?pet_id=${luna.id}">`,
  );
  // The logo the HTML showed until the app drew is gone: the app replaced it.
  expect(html).not.toMatch(/<div id="root"><div style="[^"]*100dvh/);

  expect(asked.filter((path) => path.startsWith('/v1/config'))).toEqual([]);
  expect(asked.filter((path) => path === '/v1/auth/myinfo')).toHaveLength(1);
  expect(asked.filter((path) => path === `/v1/pet?pet_id=${luna.id}`)).toHaveLength(1);
  const pageChunk = asked.filter((path) => /^\/assets\/PetDetailsWithDoses-.*\.js$/.test(path));
  expect(pageChunk).toHaveLength(1);
  await expectNoUnusedPreload(page, warnings);
});

test('a pet’s appointments and the subscription page take their first reads from the HTML’s preloads', async ({
  page,
  api,
  brand,
  t,
}) => {
  await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna' });
  const { asked, warnings } = watch(page);

  await page.goto(`/pet-details/Luna/${luna.id}/appointments`);
  await expect(page.getByText(t('appointments:empty.title'))).toBeVisible();
  for (const read of [`/v1/appointment/mypetappointments?pet_id=${luna.id}`, `/v1/pet?pet_id=${luna.id}`]) {
    expect(
      asked.filter((path) => path === read),
      read,
    ).toHaveLength(1);
  }
  await expectNoUnusedPreload(page, warnings);

  asked.length = 0;
  await page.goto('/my-account/subscription');
  const productList = `/v1/subscription/product/list?partner_id=${brandConfig(brand).partnerId}`;
  await expect.poll(() => asked.filter((path) => path === productList)).toHaveLength(1);
  await expectNoUnusedPreload(page, warnings);
  expect(asked.filter((path) => path.startsWith('/v1/subscription/product/list'))).toEqual([productList]);
});

test('the sign-in page preloads the start texts in the visitor’s language, and nothing it does not use @de', async ({
  page,
  t,
}) => {
  const { asked, warnings } = watch(page);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: t('auth:signin.submit') })).toBeVisible();
  const html = await page.content();
  const texts = [
    ...html.matchAll(
      /<link rel="modulepreload" crossorigin="" href="(\/assets\/(start|rest)-[^"]+)" fetchpriority="low">/g,
    ),
  ];
  expect(texts.map((m) => m[2])).toEqual(['start']);
  expect(asked.filter((path) => path === texts[0]?.[1])).toHaveLength(1);
  expect(asked.filter((path) => /^\/assets\/rest-/.test(path))).toEqual([]);
  await expectNoUnusedPreload(page, warnings);
});

test('a signed-in page paints the HTML’s logo before the app’s code runs', async ({ page, api }) => {
  await paidOwner(api, page.request, 'Alex Walker');
  // A phone's processor (as Lighthouse's mobile preset): the app's chunks are there long before a frame.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Alex/ })).toBeVisible();
  // The first contentful paint is the splash's logo, painted before the app's chunks were evaluated
  // (main.tsx); when the evaluation ran first, the first paint waited for all of it.
  const [paint, appStart] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    performance.getEntriesByName('app-start')[0]?.startTime,
  ]);
  expect(paint).toBeDefined();
  expect(appStart).toBeDefined();
  expect(paint ?? Infinity).toBeLessThan(appStart ?? 0);
});
