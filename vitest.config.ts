// Vitest projects. `unit` (vitest.unit.config.ts) is fast and needs nothing running; `api` builds the whole
// server per test file on its own database (PGlite, or PostgreSQL with TEST_DATABASE=pg: see scripts/test.ts).
//   npx vitest run --project unit      npx vitest run --project api
import { configDefaults, defineConfig } from 'vitest/config';

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
          include: ['apps/api/{src,test}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          env: { NODE_ENV: 'test' },
          // Four workers on two cores: much of an API file's time is waiting (reminders due in seconds, a
          // server process starting, SMTP), which a third and fourth file fill. Measured on this machine kind:
          // 2 workers 98 s, 3 workers 87 s, 4 workers 78 s for the PGlite run. A group of its own, since
          // Vitest runs projects of one group with one worker count.
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          // Each file builds the app on a fresh database; on a busy two-core machine that can take seconds.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
