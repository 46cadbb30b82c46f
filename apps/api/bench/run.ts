// `npm run bench`: the pets, appointments, documents and checkout price calls under load, and checkout orders
// placed and withdrawn one at a time (bench/order-cycle.ts), against a bare route of the same server, on
// PGlite and on a throwaway PostgreSQL cluster; then one 25 MB picture upload and one request with five 25 MB
// documents, each with the server's peak memory, on the local disk and again with the storage in an S3 bucket
// (s3rver in this process, on PGlite).
// The server runs in a child process (bench/server.ts), so its memory is its own and the load generator
// (bench/load.ts, autocannon) does not share its event loop. Then the sign-in flood (bench/signin-flood.ts):
// reads alone, then the same under 10 and 50 wrong sign-ins a second from rotating addresses (20 s each, to
// random accounts and to the owner's), with the owner's known browser and another user signing in every 2 s.
// Then the storage alone (bench/storage.ts): 25 MB puts to the local disk and to S3 against /dev/null.
// Then the emergency file's PDF (bench/emergency-pdf.ts) and an invoice (bench/invoice-pdf.ts): p50/p95 of renders
// warm and the file's size.
// Prints a table and writes bench/results.json.
//   BENCH_SECONDS=5 (measured seconds per call)  BENCH_CONNECTIONS=10  BENCH_DATABASES=pglite,pg
//   BENCH_SCENARIOS=calls,upload,flood,storage,pdf (which parts run)  BENCH_SIGNIN_RATES=10,50 (wrong sign-ins a
//   second)  BENCH_FLOOD_SECONDS=20 (each flood scenario)
//   BENCH_PDF_RENDERS=50 (measured renders per PDF)  BENCH_ORDER_CYCLES=50 (checkout orders placed and withdrawn)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { startPgCluster } from '../../../scripts/pg-cluster.ts';
import { startS3Server } from '../test/support/s3-server.ts';
import { benchEmergencyPdf, emergencyPdfLines } from './emergency-pdf.ts';
import { benchInvoicePdf } from './invoice-pdf.ts';
import { type LoadOptions, type LoadResult, runLoad } from './load.ts';
import { benchOrderCycle, type OrderCycleResult, orderCycleLines } from './order-cycle.ts';
import type { ServerReady } from './server.ts';
import { type FloodResult, floodLines, signInFlood } from './signin-flood.ts';
import { benchStorage, storageLines } from './storage.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,pg').split(',').map((s) => s.trim());
const SCENARIOS = new Set(
  (process.env.BENCH_SCENARIOS ?? 'calls,upload,flood,storage,pdf').split(',').map((s) => s.trim()),
);
const DATABASE_SCENARIOS = ['calls', 'upload', 'flood'].some((s) => SCENARIOS.has(s));
const SIGNIN_RATES = (process.env.BENCH_SIGNIN_RATES ?? '10,50').split(',').map(Number);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const ORDER_CYCLES = Number(process.env.BENCH_ORDER_CYCLES ?? 50);
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

interface CallResult extends LoadResult {
  name: string;
  path: string;
  /** Requests per second relative to the bare route of the same run. */
  ratio: number;
}

interface UploadResult {
  name: string;
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
  orders: OrderCycleResult | undefined;
  uploads: UploadResult[];
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

/**
 * One multipart upload of files of exactly MAX_UPLOAD_BYTES each, every file starting with its `head` and
 * padded with spaces, generated while it is sent (the client holds 64 KB).
 */
function streamUpload(
  port: number,
  token: string,
  path: string,
  files: Array<{ filename: string; head: Buffer }>,
): Promise<{ status: number; seconds: number }> {
  const boundary = 'bench-upload-boundary';
  const opening = (filename: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const separator = Buffer.from('\r\n');
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const length =
    files.reduce((sum, file) => sum + opening(file.filename).length + MAX_UPLOAD_BYTES, 0) +
    separator.length * (files.length - 1) +
    closing.length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
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
    let index = 0;
    let left = 0;
    const pump = () => {
      for (;;) {
        if (left === 0) {
          if (index === files.length) return void req.end(closing);
          const file = files[index]!;
          if (index > 0) req.write(separator);
          req.write(opening(file.filename));
          req.write(file.head);
          left = MAX_UPLOAD_BYTES - file.head.length;
          index += 1;
        }
        const size = Math.min(chunk.length, left);
        left -= size;
        if (!req.write(chunk.subarray(0, size))) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const PDF_HEAD = Buffer.from('%PDF-1.4\n');

type Load = (
  path: string,
  headers?: Record<string, string>,
  request?: Pick<LoadOptions, 'method' | 'body'>,
) => Promise<LoadResult>;

async function benchCalls(load: Load, ready: ServerReady): Promise<CallResult[]> {
  const { token, appointments: appointmentCount } = ready;
  const auth = { authorization: `Bearer ${token}` };
  const bare = await load('/bench/bare');
  const session = await load('/bench/auth', auth);
  const pets = await load('/v1/pet', auth);
  const appointments = await load('/v1/appointment/myappointments', auth);
  const documentsPath = `/v1/document/mydocs?pet_id=${ready.documentsPetId}`;
  const documents = await load(documentsPath, auth);
  // The checkout's price breakdown, asked again at every change of period or coupon.
  const prices = await load(apiPaths.subscriptionPrices, auth, {
    method: 'POST',
    body: { pay_type: 'yearly', product_id: ready.upgrade.productId },
  });
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
    {
      name: `GET /v1/document/mydocs (${ready.documents} documents)`,
      path: documentsPath,
      ...documents,
      ratio: documents.rps / bare.rps,
    },
    {
      name: 'POST /v1/subscription/prices (premium GPS, yearly)',
      path: apiPaths.subscriptionPrices,
      ...prices,
      ratio: prices.rps / bare.rps,
    },
  ];

  return calls;
}

/** One upload request with the server's memory sampled around it: RSS growth and MB/s. */
async function measureUpload(
  ready: ServerReady,
  name: string,
  path: string,
  files: Array<{ filename: string; head: Buffer }>,
): Promise<UploadResult> {
  const before = (await request(ready.port, 'POST', '/bench/rss/reset')) as { rss: number };
  const sent = await streamUpload(ready.port, ready.token, path, files);
  const memory = (await request(ready.port, 'GET', '/bench/rss')) as { peak: number };
  const mb = (n: number) => n / 1024 / 1024;
  const bytes = MAX_UPLOAD_BYTES * files.length;
  return {
    name,
    bytes,
    status: sent.status,
    seconds: sent.seconds,
    mbPerSecond: mb(bytes) / sent.seconds,
    rssBeforeMb: mb(before.rss),
    rssPeakMb: mb(memory.peak),
    rssGrowthMb: mb(memory.peak - before.rss),
  };
}

async function benchUploads(ready: ServerReady): Promise<UploadResult[]> {
  const petId = ready.documentsPetId;
  return [
    await measureUpload(ready, '25 MB picture', `/v1/upload/image?file_for=pet&pet_id=${petId}`, [
      { filename: 'big.jpg', head: JPEG_HEAD },
    ]),
    await measureUpload(
      ready,
      '5 documents of 25 MB in one request',
      `/v1/upload/document?file_for=pet&pet_id=${petId}`,
      Array.from({ length: 5 }, (_, i) => ({ filename: `scan-${i + 1}.pdf`, head: PDF_HEAD })),
    ),
  ];
}

/** The uploads again with the server's storage in an S3 bucket (s3rver, in this process), on PGlite. */
async function benchUploadsOnS3(): Promise<DatabaseResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pet-bench-'));
  const s3 = await startS3Server();
  try {
    const { child, ready } = await startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_S3_ENV: JSON.stringify(s3.env),
    });
    try {
      const uploads = await benchUploads(ready);
      return {
        database: `${ready.database} + S3`,
        pets: ready.pets,
        appointments: ready.appointments,
        calls: [],
        orders: undefined,
        uploads,
        flood: undefined,
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
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
      const load: Load = (path, headers = {}, request = {}) =>
        runLoad({
          url: `${base}${path}`,
          headers,
          ...request,
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
          warmupMs: 1000,
        });
      const calls = SCENARIOS.has('calls') ? await benchCalls(load, ready) : [];
      const orders = SCENARIOS.has('calls')
        ? await benchOrderCycle({
            port: ready.port,
            token: ready.token,
            upgrade: ready.upgrade,
            cycles: ORDER_CYCLES,
          })
        : undefined;
      const uploads = SCENARIOS.has('upload') ? await benchUploads(ready) : [];
      const flood = SCENARIOS.has('flood')
        ? await signInFlood({
            port: ready.port,
            token: ready.token,
            owner: { email: ready.email, password: ready.password },
            other: ready.other,
            origin: ready.publicUrl,
            connections: CONNECTIONS,
            baselineSeconds: SECONDS,
            seconds: FLOOD_SECONDS,
            rates: SIGNIN_RATES,
          })
        : undefined;
      return {
        database: ready.database,
        pets: ready.pets,
        appointments: ready.appointments,
        calls,
        orders,
        uploads,
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
    for (const u of r.uploads) {
      lines.push(
        `${r.database}: ${u.name} -> ${u.status} in ${u.seconds.toFixed(2)} s (${u.mbPerSecond.toFixed(0)} MB/s); ` +
          `server RSS ${u.rssBeforeMb.toFixed(0)} MB before, peak ${u.rssPeakMb.toFixed(0)} MB (+${u.rssGrowthMb.toFixed(1)} MB)`,
      );
    }
  }
  for (const r of results) if (r.orders) lines.push('', ...orderCycleLines(r.database, r.orders));
  for (const r of results) if (r.flood) lines.push('', ...floodLines(r.database, r.flood));
  return lines.join('\n');
}

const results: DatabaseResult[] = [];
for (const database of DATABASE_SCENARIOS ? DATABASES : []) {
  console.log(`\n${database}: ${CONNECTIONS} connections, ${SECONDS} s per call after 1 s warm-up ...`);
  results.push(await benchDatabase(database));
}
if (SCENARIOS.has('upload')) {
  console.log('\nuploads with the storage on S3 (s3rver) ...');
  results.push(await benchUploadsOnS3());
}
if (SCENARIOS.has('storage')) console.log('\nstorage: 25 MB puts ...');
const storage = SCENARIOS.has('storage') ? await benchStorage() : [];
if (SCENARIOS.has('pdf')) console.log('\npdf: the emergency file of one pet with full data, an invoice ...');
const pdf = SCENARIOS.has('pdf') ? [...(await benchEmergencyPdf()), ...(await benchInvoicePdf())] : [];
if (results.length > 0) console.log(`\n${table(results)}`);
if (storage.length > 0) console.log(`\n${storageLines(storage).join('\n')}`);
if (pdf.length > 0) console.log(`\n${emergencyPdfLines(pdf).join('\n')}`);
await writeFile(
  RESULTS,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, connections: CONNECTIONS, seconds: SECONDS, results, storage, pdf }, null, 2)}\n`,
);
console.log(`\nwritten to ${RESULTS}`);
