// The `unit` project of vitest.config.ts. It is a container so that `--project unit` runs both halves while
// each keeps its own environment: web tests need a DOM (jsdom), and node-side code must not run in one
// (jsdom replaces globals such as TextEncoder and Blob with its own). Vitest names them `unit (node)` and
// `unit (web)`.
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
// The jsdom stubs and clean-up every web test file needs, with the web app's other test helpers.
const webSetup = [fileURLToPath(new URL('./apps/web/src/test/setup.ts', import.meta.url))];
const WEB_TESTS = 'apps/web/src/**/*.test.{ts,tsx}';
/**
 * Web test files that replace a module (vi.mock): they need a module cache of their own, since a mock does
 * not reach a module another file in the same worker already loaded. Found by their text, so a new file that
 * mocks is isolated without anyone listing it.
 */
const MOCKING_WEB_TESTS = globSync(WEB_TESTS, { cwd: ROOT }).filter((file) =>
  /\bvi\.(?:mock|doMock)\(/.test(readFileSync(`${ROOT}/${file}`, 'utf8')),
);

export default defineConfig({
  test: {
    name: 'unit',
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/shared/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/fixtures/**/*.test.ts',
          ],
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
          include: [WEB_TESTS],
          exclude: [...configDefaults.exclude, ...MOCKING_WEB_TESTS],
          environment: 'jsdom',
          // No module mocks here: the files share their workers' module cache (React, Mantine, the app), which
          // each isolated file would import again. Brand, language and query client come in through the
          // providers of test/render.tsx, and setup.ts clears globals, storage and the DOM after each test.
          isolate: false,
          setupFiles: webSetup,
          // What Vite would inline at build time; the brand can be changed per run.
          env: { VITE_BRAND: process.env.VITE_BRAND ?? 'petention' },
        },
      },
      {
        test: {
          name: 'web-mocking',
          include: MOCKING_WEB_TESTS,
          environment: 'jsdom',
          // Isolated forks: a file's vi.mock (react-easy-crop, the JPEG encoder) must replace the module
          // before anything imports it. Threads failed tests that pass in forks.
          setupFiles: webSetup,
          env: { VITE_BRAND: process.env.VITE_BRAND ?? 'petention' },
        },
      },
    ],
  },
});
