// The API under test, in a process of its own (started by run.ts): the whole app on the database named by
// BENCH_DATABASE_URL (PostgreSQL) or on PGlite under BENCH_DATA_DIR, with a signed-in user who owns three
// pets (weights, pictures), twenty appointments and a hundred documents on the premium plan, plus bench-only routes: a bare route (the baseline),
// a route that only checks the session, and the process's memory (current and peak since the last reset,
// sampled every 5 ms). It runs as in production (NODE_ENV=production, so mail needs SMTP: a local sink takes it)
// with no proxy in front: the sign-in flood (bench/signin-flood.ts) comes from many loopback addresses.
import { randomBytes, randomUUID } from 'node:crypto';
import { brandConfig, daysFromToday } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/auth.ts';
import { documents, storedFiles } from '../src/db/schema/index.ts';
import { QUEUE_NAMES } from '../src/job-registry.ts';
import { listenOnAcceptSockets } from '../src/lib/accept-sockets.ts';
import { requireUser } from '../src/modules/auth/auth.plugin.ts';
import { seedCatalogues } from '../src/modules/plans/catalogue.service.ts';
import { setUserProduct } from '../src/modules/plans/membership.service.ts';
import { findProductByRef } from '../src/modules/plans/products.repo.ts';
import { startSmtpSink } from '../test/support/smtp-sink.ts';

export interface ServerReady {
  port: number;
  token: string;
  /** The bench owner's address and password, for the sign-in flood's right-password sign-ins. */
  email: string;
  password: string;
  /** Another user, who signs in from a fresh browser during the flood. */
  other: { email: string; password: string };
  /** One of the owner's pictures: GET /v1/files/<id>. */
  pictureUrl: string;
  /** The portal's own origin: sign-in needs it as Origin. */
  publicUrl: string;
  pets: number;
  appointments: number;
  /** The pet with `documents` documents (one file each) for GET /v1/document/mydocs. */
  documentsPetId: string;
  documents: number;
  /** The plan the checkout calls price and order (premium with GPS, yearly): above the owner's premium. */
  upgrade: { productId: string; priceId: string };
  database: 'pglite' | 'pg';
}

const smtp = await startSmtpSink();
const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  DATA_DIR: process.env.BENCH_DATA_DIR,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // Production limits: the flood's sign-ins meet the limits as they would in production (each of its
  // addresses is used once, so no per-address limit is reached).
  RATE_LIMIT_SCALE: '1',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  // What production needs besides (env.ts): its own secret, and the sandbox named on purpose.
  AUTH_SECRET: randomBytes(48).toString('base64url'),
  PAYMENT_PROVIDER: 'sandbox',
  // The S3_* variables of a bucket (bench/run.ts's upload on S3), else the local disk under DATA_DIR.
  ...(process.env.BENCH_S3_ENV ? (JSON.parse(process.env.BENCH_S3_ENV) as Record<string, string>) : {}),
});
const database = await openDatabase(env);
await migrateDatabase(database, QUEUE_NAMES);
await seedCatalogues(database.db);
const app = await buildApp({ env, database, serveWeb: false });

let peak = 0;
let sampler: NodeJS.Timeout | undefined;
app.get('/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
// The session check alone (better-auth's lookup of the bearer token), to tell its cost from the calls'.
app.get('/bench/auth', { schema: { hide: true }, onRequest: requireUser }, async () => ({ ok: true }));
app.post('/bench/rss/reset', { schema: { hide: true } }, async () => {
  peak = process.memoryUsage.rss();
  clearInterval(sampler);
  sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return { rss: peak };
});
app.get('/bench/rss', { schema: { hide: true } }, async () => {
  clearInterval(sampler);
  return { rss: process.memoryUsage.rss(), peak: Math.max(peak, process.memoryUsage.rss()) };
});
// As server.ts listens: no proxy in front (no TRUST_PROXY), so several sockets take in new connections
// (ACCEPT_SOCKETS, lib/accept-sockets.ts).
const { port } = await listenOnAcceptSockets(app, {
  host: '127.0.0.1',
  port: 0,
  sockets: env.ACCEPT_SOCKETS,
});

// The users, made through the API (verification is skipped in the database: the bench sends no mail).
async function verifiedUser(name: string, password: string) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { name, email, password, language: 'en', activation_code: null },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const id = signUp.json<{ id: string }>().id;
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  return { id, email, password };
}

const origin = { origin: env.PUBLIC_URL };
const { id: userId, email, password } = await verifiedUser('Bench Owner', 'bench-password-1');
// Another user: the flood's "fresh browser" sign-ins (bench/signin-flood.ts).
const { email: otherEmail, password: otherPassword } = await verifiedUser('Bench Other', 'bench-password-2');
const other = { email: otherEmail, password: otherPassword };
const product = await findProductByRef(database.db, brandConfig(env.BRAND).partnerId, 'premium');
if (!product) throw new Error('no premium product in the catalogue');
await setUserProduct(database.db, userId, product);
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: origin,
  payload: { email, password },
});
const token = signIn.json<{ token: string }>().token;
const auth = { authorization: `Bearer ${token}` };

const day = (offset: number) => daysFromToday(offset, { timeZone: 'UTC' });
const jpeg = Buffer.alloc(20_000, 0x20);
Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(jpeg);
const boundary = 'bench-boundary';
const picture = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  jpeg,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

let appointments = 0;
let pictureUrl = '';
const petIds: string[] = [];
for (const name of ['Bello', 'Mimi', 'Hoppel']) {
  const pet = await app.inject({
    method: 'POST',
    url: '/v1/pet',
    headers: auth,
    payload: { name, pet_type: 'Dog' },
  });
  const petId = pet.json<{ id: string }>().id;
  petIds.push(petId);
  await app.inject({
    method: 'PUT',
    url: `/v1/pet?id=${petId}`,
    headers: auth,
    payload: {
      name,
      pet_type: 'Dog',
      size: 40,
      weights: Array.from({ length: 12 }, (_, i) => ({ weight: 10 + i / 10, date: day(-30 * (i + 1)) })),
    },
  });
  const uploaded = await app.inject({
    method: 'POST',
    url: `/v1/upload/image?file_for=pet&pet_id=${petId}`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: picture,
  });
  pictureUrl = new URL(uploaded.json<{ image_url: string }>().image_url).pathname;
  for (let i = 0; i < 7 && appointments < 20; i += 1) {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/appointment?pet_id=${petId}`,
      headers: auth,
      payload: {
        appointment_type: 'Examination',
        reason: `Check-up ${i}`,
        appointment_date: day(10 + i * 20),
        appointment_time: '10:00',
        vet_name: 'Dr. Vet',
        city: 'Berlin',
        reminder_date: day(9 + i * 20),
        reminder_time: '18:00',
        reminder_time_zone: 'Europe/Berlin',
      },
    });
    if (created.statusCode === 201) appointments += 1;
  }
}

// A hundred documents of one file each on the first pet, written straight into the tables (the list reads
// rows only), a minute apart so that the newest-first order has work to do.
const DOCUMENTS = 100;
const documentsPetId = petIds[0]!;
const documentRows = Array.from({ length: DOCUMENTS }, (_, i) => ({
  id: randomUUID(),
  userId,
  petId: documentsPetId,
  documentType: i % 2 === 0 ? 'Bills' : 'Laboratory Findings',
  description: `Document ${i + 1}`,
  createdAt: new Date(Date.now() - i * 60_000),
}));
await database.db.insert(documents).values(documentRows);
await database.db.insert(storedFiles).values(
  documentRows.map((document) => {
    const id = randomUUID();
    return {
      id,
      userId,
      petId: documentsPetId,
      kind: 'document',
      documentId: document.id,
      position: 0,
      name: `${document.description}.pdf`,
      storageKey: `users/${userId}/pets/${documentsPetId}/${id}`,
      contentType: 'application/pdf',
      size: 123_456,
    };
  }),
);

const upgrade = await findProductByRef(database.db, brandConfig(env.BRAND).partnerId, 'premium-gps');
if (!upgrade?.yearlyPriceId) throw new Error('no yearly premium-gps product in the catalogue');

const ready: ServerReady = {
  port,
  token,
  email,
  password,
  other,
  pictureUrl,
  publicUrl: env.PUBLIC_URL,
  pets: 3,
  appointments,
  documentsPetId,
  documents: DOCUMENTS,
  upgrade: { productId: upgrade.id, priceId: upgrade.yearlyPriceId },
  database: database.kind,
};
process.send?.(ready);
process.on('message', (message) => {
  if (message === 'stop') {
    void app
      .close()
      .then(() => database.close())
      .then(() => smtp.stop())
      .then(() => process.exit(0));
  }
});
