import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PgCluster, startPgCluster } from '../../../scripts/pg-cluster.ts';
import { SEED_TOKEN_HEADER } from '../src/modules/e2e-seed/e2e-seed.routes.ts';
import { filesUnder } from './support/files-on-disk.ts';
import { PNG } from './support/pets.ts';
import { signalTree } from './support/process-tree.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { stalledUpload } from './support/slow-upload.ts';
import { onPostgres } from './support/test-stage.ts';

// Long-running (20 s): a PostgreSQL cluster of its own, frozen and stopped (started first: vitest.config.ts).

// Faults of the database and the server process, on a PostgreSQL cluster of the suite's own (it is frozen
// and stopped here, which the other test files must not see), with the server in a process of its own:
//   - the database hangs (SIGSTOP), is gone (stopped) or keeps a request's tables locked: /healthz answers 503 within 3 s, a /v1 read and
//     better-auth's routes (a sign-in, a get-session) 503 SERVICE_UNAVAILABLE within the database timeouts,
//     and all recover within 10 s of its return;
//   - kill -9 during an upload, then a restart on the same DATA_DIR: no partial or orphan file stays.
// PGlite runs inside the server process: there is no database server to freeze or stop, so the PGlite stage
// skips this file.

const STATEMENT_TIMEOUT_MS = 1_500;
const CONNECT_TIMEOUT_MS = 1_500;
/** The bounds. */
const HEALTH_BOUND_MS = 3_000;
const RECOVERY_BOUND_MS = 10_000;
/** A read fails on the statement timeout (a connection that hangs) or the connect timeout (a new one). */
const READ_BOUND_MS = STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 1_500;
const PUBLIC_URL = 'http://localhost:3000';
const SEED_TOKEN = 'faults-suite-seed-token-0123456789abcdef';
const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: 'Server_Down_Text' };
const OWNER = { email: 'faults@example.com', password: 'secret-pass-1' };

describe.skipIf(!onPostgres)('faults (PostgreSQL stage only: PGlite has no server to stop)', () => {
  let cluster: PgCluster;
  let dataDir: string;
  let server: ServerProcess | undefined;
  /** The server's log lines, with the time they arrived. */
  const log: { at: number; line: string }[] = [];
  let cookie: string;
  let userId: string;
  let petId: string;

  const url = (path: string) => `http://127.0.0.1:${server!.port}${path}`;

  async function startServer(): Promise<ServerProcess> {
    server = await startServerProcess(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PUBLIC_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        E2E_SEED_TOKEN: SEED_TOKEN,
        RATE_LIMIT_SCALE: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      },
      (line) => log.push({ at: Date.now(), line }),
    );
    return server;
  }

  /** status, body and the time it took; a request that hangs past `limitMs` is status 0. */
  async function timed(path: string, limitMs = 8_000, init: RequestInit = {}) {
    const started = Date.now();
    try {
      const response = await fetch(url(path), {
        headers: { cookie },
        ...init,
        signal: AbortSignal.timeout(limitMs),
      });
      const text = await response.text();
      return { status: response.status, text, headers: response.headers, ms: Date.now() - started };
    } catch {
      return { status: 0, text: '', headers: new Headers(), ms: Date.now() - started };
    }
  }

  /** A sign-in with the right password, through better-auth (sign-in.route.ts relays it). */
  const signIn = (limitMs?: number) =>
    timed('/api/auth/sign-in/email', limitMs, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
    });
  /** better-auth's own session read (auth-relay.ts), with the suite's session cookie. */
  const getSession = (limitMs?: number) => timed('/api/auth/get-session', limitMs);

  /** /healthz, a signed-in /v1 read and better-auth's session read answer 200 again. */
  async function recovered(): Promise<boolean> {
    const answers = await Promise.all([
      timed('/healthz', 2_000),
      timed('/readyz', 2_000),
      timed('/v1/pet', 2_000),
      getSession(2_000),
    ]);
    return answers.every((a) => a.status === 200);
  }

  async function expectUnavailable(answer: Awaited<ReturnType<typeof timed>>) {
    expect({ status: answer.status, body: answer.text }).toEqual({
      status: 503,
      body: JSON.stringify(UNAVAILABLE),
    });
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.ms).toBeLessThan(READ_BOUND_MS);
  }

  async function expectOutageAnswers() {
    const health = await timed('/healthz');
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(HEALTH_BOUND_MS);
    // The readiness probe names the database (a proxy takes the process out of rotation).
    const ready = await timed('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).failing).toContain('database');
    expect(ready.ms).toBeLessThan(HEALTH_BOUND_MS);
    await expectUnavailable(await timed('/v1/pet'));
    // better-auth answers its own routes; a database it cannot reach is a 503 there too, not a 500.
    await expectUnavailable(await signIn());
    await expectUnavailable(await getSession());
  }

  async function expectRecovery(since: number) {
    await expect.poll(recovered, { timeout: RECOVERY_BOUND_MS, interval: 100 }).toBe(true);
    expect(Date.now() - since).toBeLessThan(RECOVERY_BOUND_MS);
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    dataDir = await mkdtemp(join(tmpdir(), 'pet-api-faults-'));
    await startServer();
    const seeded = await fetch(url('/__test/users'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SEED_TOKEN_HEADER]: SEED_TOKEN },
      body: JSON.stringify({
        name: 'Fault Owner',
        email: OWNER.email,
        password: OWNER.password,
        language: 'en',
      }),
    });
    if (seeded.status !== 201) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
    userId = ((await seeded.json()) as { id: string }).id;
    cookie = seeded.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const pet = await fetch(url('/v1/pet'), {
      method: 'POST',
      headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }),
    });
    if (pet.status !== 201) throw new Error(`adding a pet failed: ${pet.status} ${await pet.text()}`);
    petId = ((await pet.json()) as { id: string }).id;
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    if (cluster) {
      // A frozen cluster would not stop.
      signalTree(await cluster.postmasterPid().catch(() => 0), 'SIGCONT');
      await cluster.stop();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  test('a frozen database (SIGSTOP): 503s within the bounds, recovered within 10 s of SIGCONT', async () => {
    expect(await recovered()).toBe(true);
    const postmaster = await cluster.postmasterPid();
    signalTree(postmaster, 'SIGSTOP');
    try {
      await expectOutageAnswers();
    } finally {
      signalTree(postmaster, 'SIGCONT');
    }
    await expectRecovery(Date.now());
    expect((await signIn()).status).toBe(200);
    expect(server!.child.exitCode).toBeNull();
  }, 40_000);

  test('a stopped database: 503s within the bounds, recovered within 10 s of its start', async () => {
    await expect.poll(recovered, { timeout: RECOVERY_BOUND_MS }).toBe(true);
    await cluster.stopServer();
    try {
      await expectOutageAnswers();
    } finally {
      await cluster.startServer();
    }
    await expectRecovery(Date.now());
    // Writes work again too.
    const edited = await fetch(url(`/v1/pet?id=${petId}`), {
      method: 'PUT',
      headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', pet_type: 'Dog' }),
    });
    expect(edited.status).toBe(200);
    expect((await signIn()).status).toBe(200);
    // The job queue (pg-boss, a pool of its own) polls again without errors: its workers poll every 2 s.
    const back = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(log.filter((l) => l.at > back && l.line.includes('job queue error'))).toEqual([]);
    expect(server!.child.exitCode).toBeNull();
  }, 40_000);

  test('tables held locked past the statement timeout: better-auth answers 503, not 500', async () => {
    await expect.poll(recovered, { timeout: RECOVERY_BOUND_MS }).toBe(true);
    // A hung transaction (a migration, a stuck script) holds the tables of users and sessions: better-auth's
    // rate limiter still gets through, then its own query runs into the statement timeout inside the
    // endpoint, where better-auth turns every error into a 500 of its own.
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users, sessions IN ACCESS EXCLUSIVE MODE');
      await expectUnavailable(await signIn());
      await expectUnavailable(await getSession());
      await expectUnavailable(await timed('/v1/pet'));
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
    }
    await expectRecovery(Date.now());
    expect((await signIn()).status).toBe(200);
  }, 40_000);

  test('kill -9 during an upload, then a restart: no partial file and no file without its row', async () => {
    const root = join(dataDir, 'files');
    // A picture that was stored whole: it stays.
    const boundary = 'pet-faults-boundary';
    const whole = await fetch(url(`/v1/upload/image?file_for=pet&pet_id=${petId}`), {
      method: 'POST',
      headers: { cookie, origin: PUBLIC_URL, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(whole.status).toBe(201);
    // What a kill between the file's rename and its row's commit leaves: bytes nobody points at.
    const orphan = `users/${userId}/pets/${petId}/${randomUUID()}`;
    await mkdir(join(root, 'users', userId, 'pets', petId), { recursive: true });
    await writeFile(join(root, orphan), PNG);

    await stalledUpload(server!.port, {
      query: `file_for=pet&pet_id=${petId}`,
      auth: { cookie, origin: PUBLIC_URL },
      totalBytes: 20 * 1024 * 1024,
      sentBytes: 6 * 1024 * 1024,
    });
    const partialWritten = async () => {
      for (const file of await filesUnder(root)) {
        if (file.endsWith('.partial') && (await stat(join(root, file))).size > 0) return true;
      }
      return false;
    };
    await expect.poll(partialWritten, { timeout: 5_000 }).toBe(true);
    server!.child.kill('SIGKILL');
    await server!.exit;
    expect((await filesUnder(root)).some((f) => f.endsWith('.partial'))).toBe(true);

    const restarted = Date.now();
    await startServer();
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage_key: string }>('SELECT storage_key FROM stored_files');
      expect(rows).toHaveLength(1);
      // The sweep runs once the server listens, in the background.
      await expect
        .poll(() => filesUnder(root), { timeout: 5_000 })
        .toEqual(rows.map((r) => r.storage_key).sort());
    } finally {
      await client.end();
    }
    // It did not hold up listening: its report comes after the server's.
    const lines = log.filter((l) => l.at >= restarted).map((l) => l.line);
    const listened = lines.findIndex((l) => l.includes('Server listening'));
    const swept = lines.findIndex((l) => l.includes('removed files left by an interrupted upload'));
    expect(listened).toBeGreaterThanOrEqual(0);
    expect(swept).toBeGreaterThan(listened);
  }, 60_000);
});
