import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@pet/shared/paths';
import { afterEach, describe, expect, test } from 'vitest';
import { refusedStart, startServerProcess } from '../test/support/server-process.ts';
import { onPostgres } from '../test/support/test-stage.ts';
import { codesSeedFile } from './modules/plans/codes.seed.ts';

// Long-running (40 s): server processes on the embedded database, one after the other on the same folder.
// The embedded database whichever stage runs: the PostgreSQL stage skips it rather than repeat it.

// Production is never a demo (issue 29): a production start refuses, in one line naming it, each piece it
// lacks; and a production start on a folder a demo ran on accepts none of the demo's public codes.

const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder() {
  const folder = await mkdtemp(join(tmpdir(), 'pet-api-production-'));
  folders.push(folder);
  return folder;
}

const PUBLIC_URL = 'http://127.0.0.1:3000';

async function production(dataDir: string): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // Nothing is mailed in these tests; production only needs a server named.
    SMTP_URL: 'smtp://127.0.0.1:9',
    AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
    PAYMENT_PROVIDER: 'sandbox',
  };
}

describe.skipIf(onPostgres)('a production start', () => {
  test('is refused, in one line that names it, without AUTH_SECRET, a payment provider, or with DEMO_CODES', async () => {
    const env = await production(await dataFolder());
    const { AUTH_SECRET: _secret, ...noSecret } = env;
    const { PAYMENT_PROVIDER: _provider, ...noProvider } = env;
    const cases: [Record<string, string>, string][] = [
      [noSecret, 'Invalid AUTH_SECRET: expected a value when NODE_ENV=production'],
      [
        noProvider,
        'Invalid PAYMENT_PROVIDER: expected stripe (with the STRIPE_* keys) when NODE_ENV=production',
      ],
      [{ ...env, DEMO_CODES: 'true' }, 'Invalid DEMO_CODES="true": expected false or no value'],
    ];
    for (const [startEnv, line] of cases) {
      const started = await refusedStart(startEnv);
      expect(started.code).toBe(1);
      expect(started.stderr.trim().split('\n')).toHaveLength(1);
      expect(started.stderr).toContain(line);
    }
  }, 120_000);

  test('on a folder a demo ran on: the demo codes answer as unknown codes, and the log says why', async () => {
    const dataDir = await dataFolder();
    const seed = JSON.parse(await readFile(codesSeedFile('petention'), 'utf8')) as {
      codes: { code: string }[];
    };
    const demoCode = seed.codes[0]!.code;
    const check = (port: number) =>
      fetch(`http://127.0.0.1:${port}${apiPaths.verifyCode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        body: JSON.stringify({ code: demoCode }),
      });

    // `npm start` on the embedded database seeds the brand's demo codes.
    const demo = await startServerProcess({
      NODE_ENV: 'development',
      PUBLIC_URL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    children.push(demo.child);
    expect((await check(demo.port)).status).toBe(200);
    demo.child.kill('SIGTERM');
    expect((await demo.exit).code).toBe(0);

    const lines: string[] = [];
    const live = await startServerProcess(await production(dataDir), (line) => lines.push(line));
    children.push(live.child);
    const refused = await check(live.port);
    expect(refused.status).toBe(470);
    expect(await refused.json()).toMatchObject({ code: 'CODE_INVALID', message: 'Wrong_Code_Text' });
    expect(lines.some((line) => line.includes('demo activation codes revoked'))).toBe(true);
    live.child.kill('SIGTERM');
    expect((await live.exit).code).toBe(0);
  }, 120_000);
});
