// Vitest projects. `unit` (vitest.unit.config.ts) is fast and needs nothing running; `api` builds the whole
// server per test file on its own database (PGlite, or PostgreSQL with TEST_DATABASE=pg: see scripts/test.ts).
//   npx vitest run --project unit      npx vitest run --project api
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

const API_TESTS = 'apps/api/{src,test}/**/*.test.ts';
/**
 * API test files share their workers' modules (below), so a vi.mock in one would leak into the next file or
 * miss a module already loaded. They test real parts instead (mail over SMTP, real databases); a file that
 * mocks a module is refused here, by name, rather than passing or failing by the order files run in.
 */
const mockingApiTests = globSync(API_TESTS, { cwd: ROOT }).filter(
  (file) =>
    !file.endsWith('.unit.test.ts') && /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')),
);
if (mockingApiTests.length > 0) {
  throw new Error(
    `API tests may not mock modules (vitest.config.ts, isolate: false): ${mockingApiTests.join(', ')}`,
  );
}

export default defineConfig({
  test: {
    // Forks, not threads: PGlite and pg-boss hold process-wide state, and a crashed WASM instance must not
    // take its neighbours down. Two workers: the project's machines have two cores.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      './vitest.unit.config.ts',
      {
        test: {
          name: 'api',
          include: [API_TESTS],
          exclude: [...configDefaults.exclude, '**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          env: { NODE_ENV: 'test' },
          // Four workers on two cores: much of an API file's time is waiting (reminders due in seconds, a
          // server process starting, SMTP), which a third and fourth file fill. Measured on this machine kind:
          // 2 workers 98 s, 3 workers 87 s, 4 workers 78 s for the PGlite run. A group of its own, since
          // Vitest runs projects of one group with one worker count.
          maxWorkers: 4,
          // The files of a worker share its module cache instead of each importing the whole server again
          // (a quarter of the stage's time): PGlite 77 s -> 48 s, PostgreSQL 55 s -> 38 s. Safe because every
          // file builds its own app on its own database and the app keeps no state in its modules; module
          // mocks, which would need a cache of their own, are refused above (API tests use the real parts).
          isolate: false,
          sequence: { groupOrder: 1 },
          // Each file builds the app on a fresh database; on a busy two-core machine that can take seconds.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
