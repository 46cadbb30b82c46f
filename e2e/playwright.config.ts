// Playwright: every user journey in Debian's Chromium, against real portals, one project per brand and
// language. petention in English runs every test; the other projects repeat only the tests tagged with
// their brand and language (`@tier-fritz`, `@hunde-schutz`, `@de`: fixtures/servers.ts, e2e/README.md).
// The config starts, in order: the SMTP sink, then each portal through scripts/start.ts, which builds the
// brand's web app when its sources changed (scripts/web-build.ts: by content, once per brand) and serves it
// with the API on an embedded PGlite database in a fresh DATA_DIR.
//   npm run test:e2e                       all eight projects
//   E2E_SHOTS=1 npm run test:e2e           also save the review screenshots (e2e/screenshots/)
//   npx playwright test -c e2e/playwright.config.ts --project=petention-de tests/smoke.spec.ts
//   E2E_PROJECTS=petention-en npm run test:e2e   one project, and only its brand's portal started
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserEnv } from './fixtures/clock.ts';
import type { E2eOptions } from './fixtures/index.ts';
import {
  E2E_BRANDS,
  E2E_DIR,
  type E2eBrand,
  PORTALS,
  projectGrep,
  ROOT,
  SEEDING,
  SINK,
  selectedProjects,
  TIME_ZONE,
} from './fixtures/servers.ts';

// Node 24 from the `node` devDependency: the system Node may be older and cannot run .ts files.
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
// Wiped at each start, so every run begins with empty databases (and .tmp/ is git-ignored).
const DATA_ROOT = join(ROOT, '.tmp', 'e2e');
const DATABASE_TEMPLATE = process.env.E2E_DATABASE_TEMPLATE;

const LOCALES = { en: 'en-US', de: 'de-DE' } as const;

// Every project, or those E2E_PROJECTS names (and only their brands' portals).
const PROJECTS = selectedProjects();

function portal(brand: E2eBrand) {
  const { port, origin } = PORTALS[brand];
  const dataDir = join(DATA_ROOT, brand);
  return {
    name: brand,
    // On a copy of the migrated database `npm test` made beside the earlier stages, when it did
    // (scripts/e2e-database.ts): four portals migrating at once delayed the first test.
    command: DATABASE_TEMPLATE
      ? `rm -rf '${dataDir}' && mkdir -p '${dataDir}' && cp -R '${DATABASE_TEMPLATE}/pglite' '${dataDir}/pglite' && exec '${NODE}' scripts/start.ts`
      : `rm -rf '${dataDir}' && exec '${NODE}' scripts/start.ts`,
    cwd: ROOT,
    url: `${origin}/healthz`,
    env: {
      BRAND: brand,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SMTP_URL: SINK.smtpUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every journey signs up and in from 127.0.0.1; the production limits are proven by the API tests.
      RATE_LIMIT_SCALE: '50',
      // Turns on the seeding route the fixtures make signed-in users with (fixtures/api.ts, seededUser).
      E2E_SEED_TOKEN: SEEDING.token,
      // The sandbox's SEPA debits settle after 3 s instead of a minute: the checkout journey waits for one.
      SANDBOX_SEPA_SETTLE_MS: '3000',
    },
    // A cold web build on a two-core machine takes a minute or more; show its progress and the server's warnings.
    timeout: 240_000,
    stdout: 'pipe' as const,
    reuseExistingServer: process.env.E2E_REUSE_SERVERS === '1',
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  };
}

export default defineConfig<E2eOptions>({
  testDir: './tests',
  outputDir: join(E2E_DIR, 'test-results'),
  // Generous: two browsers share two cores with three servers (and a web build while a portal starts).
  timeout: 60_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores run two browsers plus the servers. Measured on a busy two-core machine (33 tests, builds
  // reused): 1 worker 343 s, 2 workers 285 s, 3 workers 294 s; more only add contention.
  // Tests, not files, are shared out to the workers: the one-press sweep is one long file per project, which
  // would otherwise leave a worker idle at the end of the run.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [
    ['list'],
    [
      'json',
      // scripts/test.ts reads the counts from here.
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? join(E2E_DIR, 'playwright-report', 'results.json'),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    timezoneId: TIME_ZONE,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    // Recording a trace costs more than the test: measured on the petention-en project, 196 s of CPU with a
    // trace of every test against 92 s without, the most of it Chromium's screencast. A test that fails is
    // retried in CI and that retry leaves its trace; locally, `--trace on` records one.
    trace: 'on-first-retry',
    // The portal's service worker (issue 48) precaches the whole app after a first visit and answers the
    // requests it keeps, out of sight of `page.route`: a journey that routes requests would test the worker,
    // and every test would download the app once more. The journeys about the worker allow it themselves.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's package; Playwright's own browser downloads are not reachable here (never `playwright install`).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without libfaketime on a run with a shifted clock (fixtures/clock.ts).
      env: browserEnv(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: PROJECTS.map(({ name, brand, lang }) => {
    const grep = projectGrep(brand, lang);
    return {
      name,
      use: { brand, lang, locale: LOCALES[lang], baseURL: PORTALS[brand].origin },
      ...(grep ? { grep } : {}),
    };
  }),
  webServer: [
    {
      name: 'smtp-sink',
      command: `exec '${NODE}' apps/api/test/support/smtp-sink-server.ts --smtp-port ${SINK.smtpPort} --http-port ${SINK.httpPort}`,
      cwd: ROOT,
      url: `${SINK.httpUrl}/healthz`,
      timeout: 20_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVERS === '1',
    },
    // One after the other (Playwright starts web servers in order), so two web builds never share two cores.
    ...E2E_BRANDS.filter((brand) => PROJECTS.some((project) => project.brand === brand)).map(portal),
  ],
});
