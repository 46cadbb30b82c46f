// A deploy while a page is open (issue 48): a portal of its own serves a copy of the brand's build; once the
// service worker controls the page, a new build replaces it (a new worker script, and none of the old chunks
// left on the server). The open page keeps working, pages it had not opened included (their chunks come from
// the precache), and quietly offers the update; "Reload now" brings the new version in and the page works.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { startServerProcess } from '../../apps/api/test/support/server-process.ts';
import { PortalApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/index.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';
import { PORTALS, ROOT, SEEDING, SINK } from '../fixtures/servers.ts';

test.use({ serviceWorkers: 'allow' });

/** A port of its own per language project (were both to run at once), beside the run's other servers. */
const PORT_OFFSET = { en: 21, de: 22 } as const;

interface DeployPortal {
  origin: string;
  /** The build the portal serves: the test replaces it. */
  dist: string;
  stop: () => Promise<void>;
}

/** server.ts with a copy of petention's build, on its own database, once it listens. */
async function startDeployPortal(port: number): Promise<DeployPortal> {
  const origin = `http://127.0.0.1:${port}`;
  const dist = mkdtempSync(join(tmpdir(), 'pet-deploy-dist-'));
  cpSync(join(ROOT, 'apps', 'web', 'dist', 'petention'), dist, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'pet-deploy-data-'));
  const server = await startServerProcess({
    BRAND: 'petention',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dist,
    SMTP_URL: SINK.smtpUrl,
    NODE_ENV: 'test',
    RATE_LIMIT_SCALE: '50',
    E2E_SEED_TOKEN: SEEDING.token,
  });
  return {
    origin,
    dist,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exit;
      rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new build on the server: a worker script that differs, and none of the old chunks and stylesheets (each
 * build's names carry their content's hash). Answers the old files' paths.
 */
function deployNewBuild(dist: string): string[] {
  appendFileSync(join(dist, 'sw.js'), '\n// the next build\n');
  const old = readdirSync(join(dist, 'assets'));
  for (const file of old) rmSync(join(dist, 'assets', file));
  return old.filter((file) => file.endsWith('.js')).map((file) => `/assets/${file}`);
}

async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

// English only: the prompt's German text is the component test's (UpdatePrompt.test.tsx); the journey is
// the worker's, which no language changes.
test('a deploy while the page is open: the page keeps working and offers the update', async ({
  page,
  request,
  mailbox,
  lang,
  t,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'one brand serves for all: the worker is the same build for each');
  test.slow();
  const portal = await startDeployPortal(PORTALS.petention.port + PORT_OFFSET[lang]);
  try {
    // The sign-in page already installs the worker: the app is precached before anyone signs in.
    await page.goto(`${portal.origin}${paths.signin}`);
    await workerInControl(page);
    const api = new PortalApi({ request, origin: portal.origin, brand, lang, mailbox });
    await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
    const pet = await addPet(page.request, portal.origin, { name: 'Luna' });
    const prompt = page.getByTestId('update-prompt');

    await page.goto(`${portal.origin}${paths.dashboard}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);

    const [oldChunk] = deployNewBuild(portal.dist);
    expect((await page.request.get(`${portal.origin}${oldChunk}`)).status()).toBe(404);
    // What an open tab does when it is shown again and every half hour: ask for the worker script.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(t('common:update.text'));
    await shot('update-prompt');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('update-prompt-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // The open page keeps working on its own version, on a page it had not opened yet.
    await page.getByRole('link', { name: new RegExp(t('dashboard:cards.my-pets.title')) }).click();
    await page.getByTestId('pet-card').filter({ hasText: pet.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();

    // The new worker takes over, and the page reloads itself (asked for before the click: it may be quick).
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.getByRole('button', { name: t('common:update.action') }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting !== null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(waiting).toEqual({ waiting: false, controlled: true });
  } finally {
    // The page's background reads (the emergency file kept in idle time) end with it, not against a stopped server.
    await page.close();
    await portal.stop();
  }
});
