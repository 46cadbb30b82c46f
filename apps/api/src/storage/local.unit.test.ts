import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { petFileKey, petFolder } from './keys.ts';
import { createLocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pet-storage-'));
  storage = createLocalStorage(root);
});
afterEach(async () => rm(root, { recursive: true, force: true }));

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function allFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('local disk storage', () => {
  test('streams in, reads back, deletes; a missing key is null and deleting it is fine', async () => {
    const key = petFileKey('u1', 'p1', 'f1');
    const { size } = await storage.put(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'image/png',
    });
    expect(size).toBe(6);
    expect(await readFile(join(root, 'users', 'u1', 'pets', 'p1', 'f1'), 'utf8')).toBe('abcdef');
    const object = await storage.get(key);
    expect(object?.size).toBe(6);
    expect((await read(object!.stream)).toString()).toBe('abcdef');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  test('a failing body leaves nothing behind, not even a partial file', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('users/u1/profile/f2', failing, { contentType: 'image/png' })).rejects.toThrow(
      'client went away',
    );
    expect(await allFiles()).toEqual([]);
  });

  test('deletePrefix removes a folder and only that folder', async () => {
    await storage.put(petFileKey('u1', 'p1', 'a'), Readable.from([Buffer.from('1')]), { contentType: 'x' });
    await storage.put(petFileKey('u1', 'p1', 'b'), Readable.from([Buffer.from('2')]), { contentType: 'x' });
    await storage.put(petFileKey('u1', 'p2', 'c'), Readable.from([Buffer.from('3')]), { contentType: 'x' });
    await storage.deletePrefix(petFolder('u1', 'p1'));
    expect(await allFiles()).toEqual(['c']);
  });

  test('keys that could leave the root are refused', async () => {
    for (const key of ['../x', 'users/../../etc/passwd', '/abs', 'a//b', 'a/.hidden', '']) {
      await expect(storage.put(key, Readable.from([]), { contentType: 'x' })).rejects.toThrow(
        'invalid storage key',
      );
    }
    await expect(storage.deletePrefix('users/u1')).rejects.toThrow('invalid storage key');
  });
});
