import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { petFileKey, petFolder, profileFileKey } from '../../src/storage/keys.ts';
import type { Storage } from '../../src/storage/storage.ts';

// What every Storage implementation promises (storage/storage.ts), as one suite each implementation's test
// file runs: storage/local.unit.test.ts on a temporary folder, storage/s3.test.ts on a local S3 server.

export interface StorageFixture {
  storage: Storage;
  /** Everything the backing store holds, including what get() would not show (a partial file). */
  everything(): Promise<string[]>;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** `size` bytes that differ from chunk to chunk, made while they are read, and their SHA-256 once read. */
export function generatedBody(size: number): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(CHUNK, size - sent), sent / CHUNK);
      chunk.writeUInt32BE(sent, 0);
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { body, sha256: () => hash.copy().digest('hex') };
}

/** `before` bytes, then the stream fails as a client that went away does. */
export function failingBody(before: number, error = new Error('client went away')): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) return void this.destroy(error);
      const chunk = Buffer.alloc(Math.min(CHUNK, before - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

const text = (value: string) => Readable.from([Buffer.from(value)]);
const PUT = { contentType: 'application/octet-stream' };

export function storageContract(name: string, open: () => Promise<StorageFixture>): void {
  describe(`${name}: the Storage contract`, () => {
    let fixture: StorageFixture;
    let storage: Storage;
    beforeEach(async () => {
      fixture = await open();
      storage = fixture.storage;
    });
    afterEach(async () => fixture.close());

    test('a 25 MB body streams in and reads back byte for byte', async () => {
      const key = petFileKey('u1', 'p1', 'large');
      const { body, sha256 } = generatedBody(MAX_UPLOAD_BYTES);
      expect(await storage.put(key, body, PUT)).toEqual({ size: MAX_UPLOAD_BYTES });
      const object = await storage.get(key);
      expect(object?.size).toBe(MAX_UPLOAD_BYTES);
      expect(await sha256Of(object!.stream)).toEqual({ sha256: sha256(), size: MAX_UPLOAD_BYTES });
    });

    test('an empty body is an empty object', async () => {
      const key = profileFileKey('u1', 'empty');
      expect(await storage.put(key, Readable.from([]), PUT)).toEqual({ size: 0 });
      expect((await storage.get(key))?.size).toBe(0);
    });

    // 1 KiB fails before anything is sent anywhere; 6 MiB after S3's first 5 MiB part has gone out.
    test.each([1024, 6 * 1024 * 1024])(
      'a body that fails after %i bytes leaves nothing and its error is answered',
      async (bytes) => {
        const key = profileFileKey('u1', 'broken');
        const error = new Error('client went away');
        await expect(storage.put(key, failingBody(bytes, error), PUT)).rejects.toBe(error);
        expect(await storage.get(key)).toBeNull();
        expect(await fixture.everything()).toEqual([]);
      },
    );

    test('a missing key reads as null, deleting it is fine; delete removes an object', async () => {
      const key = petFileKey('u1', 'p1', 'f1');
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
      await storage.put(key, text('abcdef'), PUT);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      expect(await fixture.everything()).toEqual([]);
    });

    test('deletePrefix removes a folder and only that folder', async () => {
      const keys = ['a', 'b', 'c'].map((f) => petFileKey('u1', 'p1', f));
      const survivors = [
        petFileKey('u1', 'p10', 'd'),
        petFileKey('u1', 'p2', 'e'),
        profileFileKey('u1', 'f'),
      ];
      for (const key of [...keys, ...survivors]) await storage.put(key, text(key), PUT);
      await storage.deletePrefix(petFolder('u1', 'p1'));
      for (const key of keys) expect(await storage.get(key)).toBeNull();
      for (const key of survivors) expect((await storage.get(key))?.size).toBe(key.length);
      // A folder that does not exist (any more) is fine.
      await storage.deletePrefix(petFolder('u1', 'p1'));
      await storage.deletePrefix(petFolder('u9', 'p9'));
    });

    test('keys that could leave the root or the folder are refused', async () => {
      for (const key of ['../x', 'users/../../etc/passwd', '/abs', 'a//b', 'a/.hidden', '', 'users/u1/']) {
        await expect(storage.put(key, text('x'), PUT)).rejects.toThrow('invalid storage key');
        await expect(storage.get(key)).rejects.toThrow('invalid storage key');
        await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
      }
      for (const prefix of ['users/u1', '', '/', '../', 'users//']) {
        await expect(storage.deletePrefix(prefix)).rejects.toThrow('invalid storage key');
      }
      expect(await fixture.everything()).toEqual([]);
    });
  });
}
