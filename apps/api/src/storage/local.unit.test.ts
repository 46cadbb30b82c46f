import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { filesUnder } from '../../test/support/files-on-disk.ts';
import { storageContract } from '../../test/support/storage-contract.ts';
import { petFileKey } from './keys.ts';
import { createLocalStorage } from './local.ts';

storageContract('local disk storage', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pet-storage-'));
  return {
    storage: createLocalStorage(root),
    everything: () => filesUnder(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local disk storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'pet-storage-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  test('a key is a path under the root', async () => {
    const storage = createLocalStorage(root);
    const key = petFileKey('u1', 'p1', 'f1');
    const { size } = await storage.put(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'image/png',
    });
    expect(size).toBe(6);
    expect(await readFile(join(root, 'users', 'u1', 'pets', 'p1', 'f1'), 'utf8')).toBe('abcdef');
  });
});
