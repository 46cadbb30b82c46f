import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { LEFTOVER_GRACE_MS, removeUploadLeftovers } from './upload-leftovers.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pet-leftovers-'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

async function put(key: string, ageMs = 0) {
  const path = join(root, ...key.split('/'));
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'x');
  const at = new Date(Date.now() - ageMs);
  await utimes(path, at, at);
}

/** Rows exist for `stored`; every other key under users/ is an orphan of a known user. */
const orphanedExcept = (stored: string[]) => async (keys: string[]) =>
  keys.filter((k) => !stored.includes(k));

describe('leftovers of interrupted uploads', () => {
  it('an owner removes every partial and orphaned file, keeps stored ones and anything outside users/', async () => {
    await put('users/u1/pets/p1/kept');
    await put('users/u1/pets/p1/new.abc123.partial');
    await put('users/u1/pets/p1/orphan');
    await put('users/u1/profile/old.def456.partial', 2 * LEFTOVER_GRACE_MS);
    await put('README');
    const removed = await removeUploadLeftovers({
      root,
      before: Number.POSITIVE_INFINITY,
      orphanedAmong: orphanedExcept(['users/u1/pets/p1/kept']),
    });
    expect(removed).toEqual({ partial: 2, orphaned: 1 });
    expect(await filesUnder(root)).toEqual(['README', 'users/u1/pets/p1/kept']);
  });

  it('a server sharing the folder removes only what nobody touched within the grace period', async () => {
    await put('users/u1/pets/p1/writing.abc123.partial');
    await put('users/u1/pets/p1/committing');
    await put('users/u1/pets/p1/stale.def456.partial', 2 * LEFTOVER_GRACE_MS);
    await put('users/u1/pets/p1/stale-orphan', 2 * LEFTOVER_GRACE_MS);
    const removed = await removeUploadLeftovers({
      root,
      before: Date.now() - LEFTOVER_GRACE_MS,
      orphanedAmong: orphanedExcept([]),
    });
    expect(removed).toEqual({ partial: 1, orphaned: 1 });
    expect(await filesUnder(root)).toEqual([
      'users/u1/pets/p1/committing',
      'users/u1/pets/p1/writing.abc123.partial',
    ]);
  });

  it('a missing folder is nothing to do', async () => {
    const removed = await removeUploadLeftovers({
      root: join(root, 'none'),
      before: Number.POSITIVE_INFINITY,
      orphanedAmong: orphanedExcept([]),
    });
    expect(removed).toEqual({ partial: 0, orphaned: 0 });
  });
});
