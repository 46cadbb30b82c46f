import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

// PGlite keeps its data folder open in one process: a second process opening it at the same time (the
// operator's CLI next to a running server) would corrupt it. Whoever opens the folder first writes a pid
// file beside it (DATA_DIR/pglite.pid) and removes it on close; anyone else is refused while that process
// lives. A file left by a process that died (kill -9) is taken over.

export class DatabaseLockedError extends Error {}

interface Holder {
  pid: number;
  role: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock for this process or throws DatabaseLockedError; returns the release function. */
export function lockDataFolder(file: string, folder: string, role: string): () => void {
  const mine: Holder = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx': only one of two processes starting together can create the file.
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        if (readHolder(file)?.pid === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // Already gone.
          }
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && isAlive(holder.pid)) {
      throw new DatabaseLockedError(
        holder.role === 'server'
          ? `The database in ${folder} is in use by a running server (pid ${holder.pid}): stop the server or use DATABASE_URL.`
          : `The database in ${folder} is in use by another ${holder.role} (pid ${holder.pid}): wait for it to finish or use DATABASE_URL.`,
      );
    }
    // Left by a process that is gone (or unreadable): take it over.
    try {
      unlinkSync(file);
    } catch {
      // Another process took it over first; the next attempt sees its file.
    }
  }
  throw new DatabaseLockedError(`Could not lock the database in ${folder}; try again.`);
}
