// A throwaway PostgreSQL cluster for the test run: initdb into a temp folder, start it on a free loopback
// port, and remove everything on stop(). Run directly (`node scripts/pg-cluster.ts`) it prints the URL and
// keeps the cluster up until Ctrl-C, for poking at the API tests by hand.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgCluster {
  url: string;
  port: number;
  dir: string;
  /** The postmaster's process id (while the server runs), for tests that freeze it. */
  postmasterPid(): Promise<number>;
  /** Shuts the server down (fast mode: clients are disconnected) and keeps the cluster for `startServer`. */
  stopServer(): Promise<void>;
  /** Starts the server again on the same folder and port. */
  startServer(): Promise<void>;
  /** Stops the server and removes the cluster. */
  stop(): Promise<void>;
}

export class PgBinariesMissingError extends Error {}

/** The folder holding initdb and pg_ctl: PG_BIN, else PATH, else the newest Debian /usr/lib/postgresql/<v>/bin. */
export function findPgBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  candidates.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debianRoot, v, 'bin')));
  }
  // Debian's /usr/bin has pg_ctlcluster wrappers but no initdb, so both binaries must sit side by side.
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new PgBinariesMissingError(
      'PostgreSQL server binaries (initdb, pg_ctl) not found on PATH or under /usr/lib/postgresql/*/bin. ' +
        'Install them (Debian: apt-get install -y postgresql) or set PG_BIN to their folder.',
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Runner = (bin: string, args: string[]) => Promise<void>;

// initdb and postgres refuse to run as root, so as root every command runs as the `postgres` OS user.
async function makeRunner(dir: string): Promise<Runner> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('Running as root, but there is no `postgres` OS user to run PostgreSQL as.');
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => existsSync(p));
  return async (bin, args) => {
    let file = bin;
    let argv = args;
    if (asRoot && runuser) {
      file = runuser;
      argv = ['-u', 'postgres', '--', bin, ...args];
    } else if (asRoot) {
      file = 'su';
      argv = ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map(shellQuote).join(' ')];
    }
    try {
      // cwd inside the cluster folder: the postgres user may not be allowed into the caller's cwd.
      await run(file, argv, { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${bin} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`.trim());
    }
  };
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  const dir = await mkdtemp(join(tmpdir(), 'pet-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  try {
    const exec = await makeRunner(dir);
    // Locale C with UTF8: exists on every machine, and sorts like PGlite does.
    await exec(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freePort();
    // Durability is worthless for a cluster that is deleted after the run; turning it off makes it fast.
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    const startServer = () =>
      exec(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    await startServer();
    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      async postmasterPid() {
        // The first line of postmaster.pid is the postmaster's pid.
        return Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      },
      async stopServer() {
        await exec(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      },
      startServer,
      async stop() {
        if (stopped) return;
        stopped = true;
        // Immediate mode: nothing in this cluster is worth a clean shutdown checkpoint.
        await exec(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(
          (error: Error) => console.error(error.message),
        );
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    if (log) (error as Error).message += `\n--- postgres.log ---\n${log}`;
    throw error;
  }
}

if (import.meta.main) {
  const cluster = await startPgCluster();
  console.log(cluster.url);
  const stop = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
