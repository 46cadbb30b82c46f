import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage.ts';

// Files under one folder (DATA_DIR/files). A put streams into a temporary file beside the target and
// renames it into place when the body has ended, so a reader never sees half a file and a failed upload
// leaves nothing behind. The content type is kept by the database row, not on disk.

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, ...key.split('/'));

  return {
    async check() {
      // The folder is made at the first upload: until then its parent must be writable.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    async put(key, body) {
      assertSafeKey(key);
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      const file = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(body, file);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: file.bytesWritten };
    },

    async get(key) {
      assertSafeKey(key);
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size } as { stream: Readable; size: number };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },

    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      await rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
  };
}
