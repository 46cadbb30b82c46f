import type { Rollup } from 'vite';
import { expect, test } from 'vitest';
import { entryTags } from './bootHtml.ts';

// The app's start is named in index.html (issue 46): its chunk and every chunk it imports, each after its own
// imports, and their stylesheets, without what the page's first script already names.

type Chunk = Rollup.OutputChunk;

const chunk = (
  fileName: string,
  imports: string[],
  css: string[] = [],
  facadeModuleId: string | null = null,
) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    facadeModuleId,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Chunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/helper.js']),
    chunk('assets/helper.js', []),
    chunk(
      'assets/boot.js',
      ['assets/vendor.js', 'assets/ui.js', 'assets/helper.js'],
      ['assets/boot.css'],
      '/app/src/boot.tsx',
    ),
    chunk('assets/ui.js', ['assets/vendor.js'], ['assets/ui.css']),
    chunk('assets/vendor.js', ['assets/runtime.js']),
    chunk('assets/runtime.js', []),
  ].map((item) => [item.fileName, item]),
) as Rollup.OutputBundle;

const html =
  '<head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/helper.js"></head>';

test('the start chunk after its imports, then the stylesheets, each once', () => {
  const tags = entryTags(bundle, html, '/app/src/boot.tsx');
  expect(tags.map((tag) => [tag.attrs?.rel, tag.attrs?.href])).toEqual([
    ['modulepreload', '/assets/runtime.js'],
    ['modulepreload', '/assets/vendor.js'],
    ['modulepreload', '/assets/ui.js'],
    ['modulepreload', '/assets/boot.js'],
    ['stylesheet', '/assets/ui.css'],
    ['stylesheet', '/assets/boot.css'],
  ]);
  // The splash, painted first, needs no script: the scripts ask for a low priority, the stylesheets keep theirs.
  expect(tags.map((tag) => tag.attrs?.fetchpriority)).toEqual([
    'low',
    'low',
    'low',
    'low',
    undefined,
    undefined,
  ]);
  // main.tsx runs the marked chunks one by one, in this order.
  expect(tags.filter((tag) => tag.attrs?.['data-app-start']).map((tag) => tag.attrs?.href)).toEqual([
    '/assets/runtime.js',
    '/assets/vendor.js',
    '/assets/ui.js',
    '/assets/boot.js',
  ]);
  // As Vite names an entry's own files: fetched in CORS mode, as the module loader asks for them.
  expect(
    tags.every((tag) => tag.tag === 'link' && tag.attrs?.crossorigin === true && tag.injectTo === 'head'),
  ).toBe(true);
});

test('a start module no chunk holds fails the build', () => {
  expect(() => entryTags(bundle, html, '/app/src/missing.tsx')).toThrow(
    'no chunk starts at /app/src/missing.tsx',
  );
});
