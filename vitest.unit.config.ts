// The `unit` project of vitest.config.ts. It is a container so that `--project unit` runs both halves while
// each keeps its own environment: web tests need a DOM (jsdom), and node-side code must not run in one
// (jsdom replaces globals such as TextEncoder and Blob with its own). Vitest names them `unit (node)` and
// `unit (web)`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// jsdom stubs live outside apps/web/src; a setup file the web app adds under src/test/ runs after them.
const webSetup = ['./apps/web/test/setup.ts', './apps/web/src/test/setup.ts']
  .map((f) => fileURLToPath(new URL(f, import.meta.url)))
  .filter((f) => existsSync(f));

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
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude],
          environment: 'jsdom',
          setupFiles: webSetup,
          // What Vite would inline at build time; the brand can be changed per run.
          env: { VITE_BRAND: process.env.VITE_BRAND ?? 'petention' },
        },
      },
    ],
  },
});
