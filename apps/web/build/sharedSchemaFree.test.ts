import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticImports } from './frameLibraries.ts';

// Issue 46: pages that only display import @pet/shared's domain modules and its root modules (brands,
// constants, paths, ...); none of them may load zod, not even through an import of an import. (Here, not in
// packages/shared: that package is typed for the browser and reads no files.)
const src = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/shared/src');
const schemaFree = [
  ...readdirSync(join(src, 'domain')).map((f) => `domain/${f}`),
  ...readdirSync(src).filter((f) => f.endsWith('.ts')),
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');

/** The modules a file loads at run time: its static imports and re-exports (`import type` is erased). */
const runtimeImports = (file: string) => staticImports(readFileSync(join(src, file), 'utf8'));

function loads(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return runtimeImports(file).flatMap((spec) =>
    spec.startsWith('.') ? [spec, ...loads(normalize(join(dirname(file), spec)), seen)] : [spec],
  );
}

describe('the schema-free modules', () => {
  it.each(schemaFree)('%s loads neither zod nor a schema', (file) => {
    const loaded = loads(file);
    expect(
      loaded.filter((spec) => spec === 'zod' || spec.startsWith('zod/') || spec.includes('schemas/')),
    ).toEqual([]);
  });

  it('finds the modules it checks', () => {
    expect(schemaFree).toEqual(expect.arrayContaining(['domain/dates.ts', 'domain/pets.ts', 'paths.ts']));
  });
});
