// `npm run bench`: the pets, appointments, documents and checkout price calls under load, and checkout orders
// placed and withdrawn one at a time (bench/order-cycle.ts), against a bare route of the same server, on
// PGlite and on a throwaway PostgreSQL cluster; then one 25 MB picture upload and one request with five 25 MB
// documents (bench/upload.ts), each with the server's peak memory, on the local disk and again with the storage
// in an S3 bucket (s3rver in this process, on PGlite).
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { benchUploads, type UploadResult, uploadLines } from './upload.ts';

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
  for (const r of results) lines.push(...uploadLines(r.database, r.uploads));
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
