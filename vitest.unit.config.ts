// The `unit` project of vitest.config.ts. It is a container so that `--project unit` runs both halves while
// each keeps its own environment: web tests need a DOM (jsdom), and node-side code must not run in one
// (jsdom replaces globals such as TextEncoder and Blob with its own). Vitest names them `unit (node)` and
// `unit (web)`.
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The jsdom stubs and clean-up every web test file needs, with the web app's other test helpers.
const webSetup = [fileURLToPath(new URL('./apps/web/src/test/setup.ts', import.meta.url))];

export default defineConfig({
  test: {
    name: 'unit',
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/shared/**/*.test.ts', 'apps/api/src/**/*.unit.test.ts'],
          exclude: [...configDefaults.exclude],
          environment: 'node',
          // Pure functions without module mocks: the files share their workers' module cache instead of
          // each importing zod, the schemas and the catalogue again (measured on 2 cores: 2.8 s against
          // 3.6-6.6 s isolated, forks and threads alike).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude],
          environment: 'jsdom',
          // Isolated forks, measured against the alternatives on 2 cores: without isolation the run is about
          // four times faster but not correct (a file's vi.mock of react-easy-crop does not reach a module
          // another file already loaded: the picture tests fail in some orders); threads failed tests that
          // pass in forks.
          setupFiles: webSetup,
          // What Vite would inline at build time; the brand can be changed per run.
          env: { VITE_BRAND: process.env.VITE_BRAND ?? 'petention' },
        },
      },
    ],
  },
});
