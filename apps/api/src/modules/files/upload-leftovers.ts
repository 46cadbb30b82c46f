import { lstat, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { DatabaseLockedError, lockDataFolder } from '../../db/lock.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { localStorageRoot } from '../../storage/create-storage.ts';
import { orphanedKeysAmong } from './files.repo.ts';

// What a killed process leaves in the local file storage, removed when the server starts:
//   - `<key>.<random>.partial`: an upload that was being written (storage/local.ts renames it when whole);
//   - a file under users/<user id>/ that no row points at while that user exists: a picture renamed into
//     place whose row was never committed, or a replaced picture whose row was deleted before its bytes.
// A server that owns the folder (DATA_DIR/files.pid, no other live server holds it) removes all of them that
// predate its start. One that shares it (a second server on the same PostgreSQL and disk, a rolling restart)
// removes only files untouched for LEFTOVER_GRACE_MS, since the other server may be writing the newer ones.

export const LEFTOVER_GRACE_MS = 10 * 60_000;
/** Keys looked up per statement. */
const BATCH = 500;

export interface LeftoverSweep {
  root: string;
  /** Files last written before this time (ms) may go; Infinity when the process owns the folder. */
  before: number;
  /** The keys among `keys` whose files no row points at (files.repo.ts: orphanedKeysAmong). */
  orphanedAmong(keys: string[]): Promise<string[]>;
}

/** Removes leftovers under `root`; answers how many partial and orphaned files went. */
export async function removeUploadLeftovers(
  sweep: LeftoverSweep,
): Promise<{ partial: number; orphaned: number }> {
  let entries: { parentPath: string; name: string; isFile(): boolean }[];
  try {
    entries = await readdir(sweep.root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { partial: 0, orphaned: 0 };
    throw error;
  }
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await lstat(path).catch(() => undefined);
    if (info && info.mtimeMs < sweep.before) old.push(path);
  }
  const partials = old.filter((path) => path.endsWith('.partial'));
  for (const path of partials) await rm(path, { force: true });

  const candidates = old
    .filter((path) => !path.endsWith('.partial'))
    .map((path) => ({ path, key: relative(sweep.root, path).split(sep).join('/') }))
    .filter(({ key }) => key.startsWith('users/'));
  let orphaned = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const orphans = new Set(await sweep.orphanedAmong(batch.map((c) => c.key)));
    for (const { path, key } of batch) {
      if (!orphans.has(key)) continue;
      await rm(path, { force: true });
      orphaned++;
    }
  }
  return { partial: partials.length, orphaned };
}

/**
 * The start-up sweep of server.ts, started once the server listens so that a big storage folder never
 * delays it. Only files last written before `servingSince` (taken just before listening) can go: the
 * uploads this process takes meanwhile are newer and stay. A failure is logged, never thrown.
 */
export async function sweepUploadLeftovers(
  ctx: Pick<AppContext, 'env' | 'db' | 'log'>,
  servingSince: number,
): Promise<void> {
  // A bucket has no partial objects (an interrupted multipart upload is no object; the bucket's lifecycle
  // rule expires its parts) and is not walked for orphans: this sweep is the local disk's.
  if (ctx.env.S3_BUCKET !== undefined) return;
  try {
    const root = localStorageRoot(ctx.env);
    let owner = true;
    try {
      // Held until the process ends (the lock removes its file on exit; kill -9 leaves one the next start takes over).
      lockDataFolder(join(ctx.env.DATA_DIR, 'files.pid'), root, 'server');
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      owner = false;
    }
    const removed = await removeUploadLeftovers({
      root,
      before: owner ? servingSince : servingSince - LEFTOVER_GRACE_MS,
      orphanedAmong: (keys) => orphanedKeysAmong(ctx.db, keys),
    });
    if (removed.partial + removed.orphaned > 0) {
      ctx.log.info({ ...removed, owner }, 'removed files left by an interrupted upload');
    }
  } catch (err) {
    ctx.log.error({ err }, 'sweeping the files of interrupted uploads failed');
  }
}
