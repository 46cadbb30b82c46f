import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataFolder } from './lock.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'pet-lock-'));

describe('PGlite folder lock', () => {
  it('is taken, refused to a second opener while held, and removed on release', () => {
    const file = join(dir(), 'pglite.pid');
    const release = lockDataFolder(file, '/data/pglite', 'server');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    expect(() => lockDataFolder(file, '/data/pglite', 'admin command')).toThrow(DatabaseLockedError);
    expect(() => lockDataFolder(file, '/data/pglite', 'admin command')).toThrow(
      `The database in /data/pglite is in use by a running server (pid ${process.pid}): stop the server or use DATABASE_URL.`,
    );
    release();
    expect(existsSync(file)).toBe(false);
    lockDataFolder(file, '/data/pglite', 'admin command')();
  });

  it('takes over a file left by a process that is gone', () => {
    const file = join(dir(), 'pglite.pid');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(file, JSON.stringify({ pid: gone, role: 'server', since: '' }));
    const release = lockDataFolder(file, '/data/pglite', 'admin command');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
  });
});
