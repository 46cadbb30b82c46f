// Vitest projects. `unit` (vitest.unit.config.ts) is fast and needs nothing running; `api` builds the whole
// server per test file on its own database (PGlite, or PostgreSQL with TEST_DATABASE=pg: see scripts/test.ts).
//   npx vitest run --project unit      npx vitest run --project api
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The line that marks a test file as long-running, with its seconds on this machine kind when the workers are
 * busy: `// Long-running (30 s): why`. Mostly waiting (timers, child processes) or many requests.
 */
const LONG_RUNNING = /^\/\/ Long-running \((\d+) s\):/m;

function longRunningSeconds(spec: TestSpecification): number {
  return Number(LONG_RUNNING.exec(readFileSync(spec.moduleId, 'utf8'))?.[1] ?? 0);
}

/**
 * Vitest starts the files it has timings for longest first; without them (a fresh clone, as in CI) it starts
 * larger files first, which put the small fuzz shards and server.test.ts, 30 s each, at the end of the run
 * with the other workers idle. Files marked long-running start first in their project, longest first.
 */
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = new Map(sorted.map((spec) => [spec, longRunningSeconds(spec)]));
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted)
      byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    // Within a project: the marked files longest first, then the others in Vitest's order (a stable sort).
    return [...byProject.values()].flatMap((specs) =>
      specs.sort((a, b) => (seconds.get(b) ?? 0) - (seconds.get(a) ?? 0)),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongRunningFirst },
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
