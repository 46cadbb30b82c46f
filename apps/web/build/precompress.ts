import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The build's text files compressed once, at build time, at the highest settings (brotli 11, gzip -9): the
// server hands out `<file>.br` or `<file>.gz` to a browser that accepts it (apps/api/src/plugins/web.ts,
// @fastify/static `preCompressed`) instead of compressing the same bytes on every request at a cheap level.
// Synchronous and in-process: a brand's build is a few dozen files, about a second of brotli at quality 11.

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map|ico)$/;

/** Below this a compressed copy saves less than the headers it takes (and than a round trip's packet). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** Writes `<path>.br` and `<path>.gz` beside the file; the names of the files written. */
export function precompressFile(path: string): string[] {
  const content = readFileSync(path);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzip);
  return [`${path}.br`, `${path}.gz`];
}

/** Every text file of `dir` (recursively) of at least PRECOMPRESS_MIN_BYTES gets its .br and .gz. */
export function precompressDir(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((entry) => join(dir, String(entry)))
    .filter((path) => TEXT_FILE.test(path) && statSync(path).isFile())
    .filter((path) => statSync(path).size >= PRECOMPRESS_MIN_BYTES)
    .flatMap(precompressFile);
}

/** The Vite plugin: after the bundle is written, its output folder's text files get their compressed twins. */
export function precompress(): Plugin {
  return {
    name: 'pet:precompress',
    apply: 'build',
    // Last, so that every file of the output (public/ is copied in before) is written when it runs.
    writeBundle: {
      order: 'post',
      handler(options) {
        if (options.dir) precompressDir(options.dir);
      },
    },
  };
}
