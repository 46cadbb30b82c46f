import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDICAL_TYPES } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';

// Every route under /v1 is declared with a path of `apiPaths` (packages/shared/src/paths.ts), the one list the
// web app calls too, so a renamed route cannot leave the client, a mail or a link on the old address. Two
// checks: the routes as registered (a path missing from apiPaths fails), and the API's source (a path written
// as a literal fails even where it equals an apiPaths value).

const t = useTestApp();

const SRC = fileURLToPath(new URL('..', import.meta.url));
const values = new Set<string>(Object.values(apiPaths));

/**
 * What may follow an apiPaths value in a route: path parameters (`/:id`), and the few literal segments the
 * paths' own comments name (a medical record's type, the sandbox's confirm and challenge, a share link's
 * files). `/v1/medical/allergy` is `${apiPaths.medical}/${type}`.
 */
const LITERAL_SEGMENTS = new Set<string>([...MEDICAL_TYPES, 'confirm', 'challenge', 'files']);

/** The apiPaths value a route's URL is made of, or undefined when none is. */
function basePathOf(url: string): string | undefined {
  if (values.has(url)) return url;
  const segments = url.split('/');
  for (let end = segments.length - 1; end > 1; end--) {
    const base = segments.slice(0, end).join('/');
    const rest = segments.slice(end);
    if (values.has(base) && rest.every((s) => s.startsWith(':') || LITERAL_SEGMENTS.has(s))) return base;
  }
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('route paths come from apiPaths', () => {
  test('every registered route under /v1 is an apiPaths value, or one followed by parameters', () => {
    const v1 = t.app.registeredRoutes.map((route) => route.url).filter((url) => url.startsWith('/v1/'));
    expect(v1.length).toBeGreaterThan(50);
    expect(v1.filter((url) => basePathOf(url) === undefined)).toEqual([]);
    // The routes better-auth's own paths are relayed through are declared with apiPaths' values too.
    const auth = t.app.registeredRoutes
      .map((route) => route.url)
      .filter((url) => url.startsWith('/api/auth/'));
    expect(auth.filter((url) => !url.endsWith('/*') && !values.has(url))).toEqual([]);
  });

  test('the API writes no /v1 address as a literal: it takes them from apiPaths', () => {
    const literal = /['"`]\/v1\/\w/;
    const found = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(SRC, file)}:${index + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && literal.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
