// `npm run bench`: the pets and appointments calls under load, against a bare route of the same server, on
// PGlite and on a throwaway PostgreSQL cluster; then one 25 MB picture upload with the server's peak memory.
// The server runs in a child process (bench/server.ts), so its memory is its own and the load generator
// (bench/load.ts, autocannon) does not share its event loop. Then the sign-in flood (bench/signin-flood.ts):
// reads and picture downloads alone, then the same under 10 sign-ins a second from rotating addresses.
// Then the storage alone (bench/storage.ts): 25 MB puts to the local disk and to S3 against /dev/null.
// Prints a table and writes bench/results.json.
//   BENCH_SECONDS=5 (measured seconds per call)  BENCH_CONNECTIONS=10  BENCH_DATABASES=pglite,pg
//   BENCH_SCENARIOS=calls,upload,flood,storage (which parts run)  BENCH_SIGNIN_RATE=10 (sign-ins a second)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { startPgCluster } from '../../../scripts/pg-cluster.ts';
import { type LoadResult, runLoad } from './load.ts';
import type { ServerReady } from './server.ts';
import { type FloodResult, signInFlood } from './signin-flood.ts';
import { benchStorage, storageLines } from './storage.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,pg').split(',').map((s) => s.trim());
const SCENARIOS = new Set(
  (process.env.BENCH_SCENARIOS ?? 'calls,upload,flood,storage').split(',').map((s) => s.trim()),
);
const DATABASE_SCENARIOS = ['calls', 'upload', 'flood'].some((s) => SCENARIOS.has(s));
const SIGNIN_RATE = Number(process.env.BENCH_SIGNIN_RATE ?? 10);
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

interface CallResult extends LoadResult {
  name: string;
  path: string;
  /** Requests per second relative to the bare route of the same run. */
  ratio: number;
}

interface UploadResult {
  bytes: number;
  seconds: number;
  mbPerSecond: number;
  status: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

interface DatabaseResult {
  database: string;
  pets: number;
  appointments: number;
  calls: CallResult[];
  upload: UploadResult | undefined;
  flood: FloodResult | undefined;
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: ServerReady }> {
  return new Promise((resolve, reject) => {
    const child = fork(SERVER, [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (ready) => resolve({ child, ready: ready as ServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function request(port: number, method: string, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One multipart upload of exactly MAX_UPLOAD_BYTES, generated while it is sent (the client holds 64 KB). */
function uploadPicture(
  port: number,
  token: string,
  petId: string,
): Promise<{ status: number; seconds: number }> {
  const boundary = 'bench-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const first = Buffer.from(chunk);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(first);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/v1/upload/image?file_for=pet&pet_id=${petId}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + MAX_UPLOAD_BYTES + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    let left = MAX_UPLOAD_BYTES;
    let isFirst = true;
    const pump = () => {
      while (left > 0) {
        const size = Math.min(chunk.length, left);
        const piece = (isFirst ? first : chunk).subarray(0, size);
        isFirst = false;
        left -= size;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

type Load = (path: string, headers?: Record<string, string>) => Promise<LoadResult>;

async function benchCalls(load: Load, token: string, appointmentCount: number): Promise<CallResult[]> {
  const auth = { authorization: `Bearer ${token}` };
  const bare = await load('/bench/bare');
  const session = await load('/bench/auth', auth);
  const pets = await load('/v1/pet', auth);
  const appointments = await load('/v1/appointment/myappointments', auth);
  const calls: CallResult[] = [
    { name: 'bare route (baseline)', path: '/bench/bare', ...bare, ratio: 1 },
    { name: 'session check only', path: '/bench/auth', ...session, ratio: session.rps / bare.rps },
    { name: 'GET /v1/pet (3 pets)', path: '/v1/pet', ...pets, ratio: pets.rps / bare.rps },
    {
      name: `GET /v1/appointment/myappointments (${appointmentCount})`,
      path: '/v1/appointment/myappointments',
      ...appointments,
      ratio: appointments.rps / bare.rps,
    },
  ];

  return calls;
}

async function benchUpload(ready: ServerReady): Promise<UploadResult> {
  const base = `http://127.0.0.1:${ready.port}`;
  const auth = { authorization: `Bearer ${ready.token}` };
  const petList = (await new Promise<Array<{ id: string }>>((resolve, reject) => {
    http
      .get(`${base}/v1/pet`, { headers: auth }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      })
      .on('error', reject);
  })) as Array<{ id: string }>;
  const before = (await request(ready.port, 'POST', '/bench/rss/reset')) as { rss: number };
  const sent = await uploadPicture(ready.port, ready.token, petList[0]!.id);
  const memory = (await request(ready.port, 'GET', '/bench/rss')) as { peak: number };
  const mb = (n: number) => n / 1024 / 1024;
  const upload: UploadResult = {
    bytes: MAX_UPLOAD_BYTES,
    status: sent.status,
    seconds: sent.seconds,
    mbPerSecond: mb(MAX_UPLOAD_BYTES) / sent.seconds,
    rssBeforeMb: mb(before.rss),
    rssPeakMb: mb(memory.peak),
    rssGrowthMb: mb(memory.peak - before.rss),
  };
  return upload;
}

async function benchDatabase(database: string): Promise<DatabaseResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pet-bench-'));
  const cluster = database === 'pg' ? await startPgCluster() : undefined;
  try {
    const { child, ready } = await startServer({
      BENCH_DATA_DIR: dataDir,
      ...(cluster ? { BENCH_DATABASE_URL: cluster.url } : {}),
    });
    try {
      const base = `http://127.0.0.1:${ready.port}`;
      const load = (path: string, headers: Record<string, string> = {}) =>
        runLoad({
          url: `${base}${path}`,
          headers,
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
          warmupMs: 1000,
        });
      const calls = SCENARIOS.has('calls') ? await benchCalls(load, ready.token, ready.appointments) : [];
      const upload = SCENARIOS.has('upload') ? await benchUpload(ready) : undefined;
      const flood = SCENARIOS.has('flood')
        ? await signInFlood({
            port: ready.port,
            token: ready.token,
            email: ready.email,
            password: ready.password,
            pictureUrl: ready.pictureUrl,
            origin: ready.publicUrl,
            connections: CONNECTIONS,
            seconds: SECONDS,
            rate: SIGNIN_RATE,
          })
        : undefined;
      return {
        database: ready.database,
        pets: ready.pets,
        appointments: ready.appointments,
        calls,
        upload,
        flood,
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function table(results: DatabaseResult[]): string {
  const rows = [['database', 'call', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs bare']];
  for (const r of results) {
    for (const c of r.calls) {
      rows.push([
        r.database,
        c.name,
        c.rps.toFixed(0),
        c.p50.toFixed(2),
        c.p99.toFixed(2),
        String(c.errors),
        `${(c.ratio * 100).toFixed(1)} %`,
      ]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  lines.push('');
  for (const r of results) {
    const u = r.upload;
    if (!u) continue;
    lines.push(
      `${r.database}: 25 MB upload -> ${u.status} in ${u.seconds.toFixed(2)} s (${u.mbPerSecond.toFixed(0)} MB/s); ` +
        `server RSS ${u.rssBeforeMb.toFixed(0)} MB before, peak ${u.rssPeakMb.toFixed(0)} MB (+${u.rssGrowthMb.toFixed(1)} MB)`,
    );
  }
  for (const r of results) if (r.flood) lines.push('', ...floodLines(r.database, r.flood));
  return lines.join('\n');
}

function floodLines(database: string, { alone, flood, drainSeconds }: FloodResult): string[] {
  const s = flood.signIns;
  const phase = (name: string, p: FloodResult['alone']) =>
    `${database}: ${name.padEnd(18)} reads ${p.reads.rps.toFixed(0)} req/s, p99 ${p.reads.p99.toFixed(0)} ms, ` +
    `${p.reads.errors} errors; picture downloads ${p.pictures.count}, p99 ${p.pictures.p99.toFixed(0)} ms, ` +
    `max ${p.pictures.max.toFixed(0)} ms, ${p.pictures.errors} errors`;
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
  return [
    phase('alone', alone),
    phase(`${SIGNIN_RATE} sign-ins/s`, flood),
    `${database}: reads under the flood keep ${((flood.reads.rps / alone.reads.rps) * 100).toFixed(1)} % of their req/s`,
    `${database}: ${s.count} sign-ins: ${statuses(s.statuses)} (owner, right password: ${statuses(s.ownerStatuses)}); ` +
      `p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, max ${s.max.toFixed(0)} ms; ` +
      `${s.late} not answered 200/401/429/503 within 2 s; last answer ${drainSeconds.toFixed(1)} s after the flood`,
  ];
}

const results: DatabaseResult[] = [];
for (const database of DATABASE_SCENARIOS ? DATABASES : []) {
  console.log(`\n${database}: ${CONNECTIONS} connections, ${SECONDS} s per call after 1 s warm-up ...`);
  results.push(await benchDatabase(database));
}
if (SCENARIOS.has('storage')) console.log('\nstorage: 25 MB puts ...');
const storage = SCENARIOS.has('storage') ? await benchStorage() : [];
if (results.length > 0) console.log(`\n${table(results)}`);
if (storage.length > 0) console.log(`\n${storageLines(storage).join('\n')}`);
await writeFile(
  RESULTS,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, connections: CONNECTIONS, seconds: SECONDS, results, storage }, null, 2)}\n`,
);
console.log(`\nwritten to ${RESULTS}`);
