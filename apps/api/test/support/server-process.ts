import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// server.ts as it runs in production, in a process of its own (tests of signals, kill -9, restarts).

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/**
 * Node's compile cache for the processes the tests start: each one loads the whole server again, and its
 * compiled modules are a quarter of a start's CPU (server.ts refused at once: 2.9 -> 2.2 CPU s). Node checks
 * each entry against the module's source and its own version, so an entry from another build is not used.
 */
export const COMPILE_CACHE = { NODE_COMPILE_CACHE: join(tmpdir(), 'pet-api-test-compile-cache') };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** When the process ended, and with which exit code. */
  exit: Promise<{ code: number | null; at: number }>;
}

/**
 * Starts server.ts with exactly `env` (plus HOST=127.0.0.1, PORT=0, LOG_LEVEL=info unless given) and
 * resolves once it listens. `lines` sees every line it logs.
 */
export async function startServerProcess(
  env: Record<string, string>,
  lines: (line: string) => void = () => {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...COMPILE_CACHE, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines(line);
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return { child, port, exit };
}

/** Starts server.ts with exactly `env` and waits for it to end on its own: its exit code and what it printed. */
export async function refusedStart(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [SERVER], {
    env: { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...COMPILE_CACHE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stderr, stdout };
}
