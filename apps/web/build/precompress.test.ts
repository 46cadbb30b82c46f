import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function distFolder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pet-precompress-'));
  folders.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const text = (size: number) =>
  'export const answer = "forty-two";\n'.repeat(Math.ceil(size / 35)).slice(0, size);

test('text files of the build get a brotli and a gzip twin that unpack to the original, smaller', () => {
  const script = text(20_000);
  const dir = distFolder({
    'index.html': `<!doctype html><title>x</title>${text(4_000)}`,
    'assets/index-abc123.js': script,
    'assets/index-abc123.css': text(3_000),
    'brands/petention/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text(2_000)}</svg>`,
  });

  const written = precompressDir(dir);

  expect(written).toHaveLength(8);
  const br = readFileSync(join(dir, 'assets/index-abc123.js.br'));
  const gz = readFileSync(join(dir, 'assets/index-abc123.js.gz'));
  expect(brotliDecompressSync(br).toString()).toBe(script);
  expect(gunzipSync(gz).toString()).toBe(script);
  expect(br.length).toBeLessThan(script.length / 10);
  for (const name of ['index.html', 'assets/index-abc123.css', 'brands/petention/logo.svg']) {
    expect(existsSync(join(dir, `${name}.br`))).toBe(true);
    expect(existsSync(join(dir, `${name}.gz`))).toBe(true);
  }
});

test('small files, images and fonts are left alone; a second run does not compress the twins again', () => {
  const dir = distFolder({
    'robots.txt': text(PRECOMPRESS_MIN_BYTES - 1),
    'assets/photo-abc123.png': Buffer.alloc(5_000, 7),
    'assets/font-abc123.woff2': Buffer.alloc(5_000, 7),
    'assets/app-abc123.js': text(5_000),
  });

  expect(precompressDir(dir).sort()).toEqual(
    [join(dir, 'assets/app-abc123.js.br'), join(dir, 'assets/app-abc123.js.gz')].sort(),
  );
  expect(existsSync(join(dir, 'robots.txt.br'))).toBe(false);
  expect(existsSync(join(dir, 'assets/photo-abc123.png.br'))).toBe(false);
  // Again over its own output: the .br and .gz files are not text files of the build.
  expect(precompressDir(dir)).toHaveLength(2);
  expect(existsSync(join(dir, 'assets/app-abc123.js.br.br'))).toBe(false);
});
