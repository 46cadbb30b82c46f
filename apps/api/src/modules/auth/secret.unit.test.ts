import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { AUTH_SECRET_FILE, loadAuthSecret } from './secret.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pet-secret-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

test('AUTH_SECRET wins and nothing is written', async () => {
  const secret = 'x'.repeat(40);
  expect(loadAuthSecret({ AUTH_SECRET: secret, DATA_DIR: dir })).toBe(secret);
  await expect(stat(join(dir, AUTH_SECRET_FILE))).rejects.toThrow();
});

test('without AUTH_SECRET a random secret is made once, kept with mode 600, and reused', async () => {
  const dataDir = join(dir, 'nested', 'data');
  const first = loadAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir });
  expect(first.length).toBeGreaterThanOrEqual(32);
  const file = join(dataDir, AUTH_SECRET_FILE);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readFile(file, 'utf8')).trim()).toBe(first);
  expect(loadAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
  const otherDir = join(dir, 'other');
  expect(loadAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: otherDir })).not.toBe(first);
});

test('a file with an unusable secret stops start-up instead of being replaced', async () => {
  await writeFile(join(dir, AUTH_SECRET_FILE), 'short\n');
  expect(() => loadAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dir })).toThrow(/no usable secret/);
});
