// Which API test files test a changed file, for `npm run test:changed`. Not Vitest's --changed: nearly every
// API test file builds the whole app (test/support/test-app.ts imports src/app.ts, which imports every
// module), so by its import graph any change under apps/api/src reaches the whole suite, three minutes on
// PGlite. The inner loop runs the files that test the change itself; `npm test` runs the rest.
//   a changed API test file                        itself
//   a changed file under apps/api                  the test files in its folder, those that import it, and those
//                                                  that import a test helper (test/support) importing it
//   a changed file of packages/shared/src, x.ts    also the test files of apps/api/src/modules/x/

import { globSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** The files of Vitest's `api` project (vitest.config.ts): the API's tests that are not unit tests. */
const API_TESTS = 'apps/api/{src,test}/**/*.test.ts';
const SUPPORT = 'apps/api/test/support/**/*.ts';

export function isApiTest(file: string): boolean {
  return /^apps\/api\/(src|test)\/.*\.test\.ts$/.test(file) && !file.endsWith('.unit.test.ts');
}

/** The repository-relative files a module imports by a relative path (`./x.ts`, `../../src/y.ts`). */
export function relativeImports(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1] as string,
  );
  return specifiers.map((specifier) => join(dirname(file), specifier));
}

export async function apiTestsFor(root: string, changed: string[]): Promise<string[]> {
  const tests = globSync(API_TESTS, { cwd: root }).filter(isApiTest).sort();
  const support = globSync(SUPPORT, { cwd: root }).filter((file) => !file.endsWith('.test.ts'));
  const importsOf = new Map<string, string[]>();
  for (const file of [...tests, ...support]) {
    importsOf.set(file, relativeImports(file, await readFile(resolve(root, file), 'utf8')));
  }
  const importers = (target: string, among: string[]) =>
    among.filter((file) => importsOf.get(file)?.includes(target));

  const picked = new Set<string>();
  for (const file of changed) {
    if (isApiTest(file)) {
      picked.add(file);
      continue;
    }
    if (file.startsWith('apps/api/') && file.endsWith('.ts') && !file.endsWith('.test.ts')) {
      const folder = dirname(file);
      for (const test of tests) if (dirname(test) === folder) picked.add(test);
      for (const test of importers(file, tests)) picked.add(test);
      for (const helper of importers(file, support))
        for (const test of importers(helper, tests)) picked.add(test);
    }
    const shared = /^packages\/shared\/src\/(?:.*\/)?([\w-]+)\.ts$/.exec(file);
    if (shared && !file.endsWith('.test.ts')) {
      const moduleFolder = `apps/api/src/modules/${shared[1]}/`;
      for (const test of tests) if (test.startsWith(moduleFolder)) picked.add(test);
    }
  }
  return [...picked].sort();
}
