import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandConfig } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/auth.ts';
import { householdMembers } from '../src/db/schema/household.ts';
import { setUserProduct } from '../src/modules/plans/membership.service.ts';
import { findProductByRef } from '../src/modules/plans/products.repo.ts';
import { contactBody } from './support/contacts.ts';
import { appointmentBody, PNG, wallClock } from './support/pets.ts';
import { adminQuery, databaseUrl, PG_TEST_PREFIX } from './support/pg-admin.ts';
import { reminderFor } from './support/reminders.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import { type S3TestServer, startS3Server } from './support/s3-server.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { linksIn, type SmtpSink, sentTo, startSmtpSink } from './support/smtp-sink.ts';

// Long-running (60 s): three server processes on one PostgreSQL, started at once, killed and restarted.

// Many processes, one portal (issue 30): three processes of the same build on one PostgreSQL database (empty
// at the start), one S3 bucket (the local S3 server) and one SMTP server (the sink), behind a round-robin
// proxy that checks /readyz, as an operator runs them. The `processes` stage of `npm test` runs it
// (TEST_MANY_PROCESSES=1, on a PostgreSQL cluster of its own); PGlite is one process by nature.

const template = inject('testDatabase');
const ZONE = 'Europe/Berlin';

interface Answer {
  status: number;
  json: () => unknown;
  text: string;
}

const wanted = template?.kind === 'pg' && process.env.TEST_MANY_PROCESSES === '1';

describe.runIf(wanted)('three processes, one portal', () => {
  let proxy: RoundRobinProxy;
  let sink: SmtpSink;
  let s3: S3TestServer;
  let name: string;
  let database: Database;
  let env: Record<string, string>;
  const folders: string[] = [];
  /** Running processes by port. */
  const running = new Map<number, ServerProcess>();
  let firstStart: PromiseSettledResult<ServerProcess>[];

  async function start(): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), 'pet-many-'));
    folders.push(dataDir);
    const server = await startServerProcess({ ...env, DATA_DIR: dataDir });
    running.set(server.port, server);
    proxy.add(server.port);
    return server;
  }

  beforeAll(async () => {
    if (!wanted || template?.kind !== 'pg') return;
    name = `${PG_TEST_PREFIX}many_${randomBytes(4).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`);
    sink = await startSmtpSink();
    s3 = await startS3Server();
    proxy = await startRoundRobinProxy();
    env = {
      NODE_ENV: 'production',
      PUBLIC_URL: proxy.url,
      DATABASE_URL: databaseUrl(template.serverUrl, name),
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_PROVIDER: 'sandbox',
      SMTP_URL: sink.url,
      ...s3.env,
      TRUST_PROXY: 'true',
      SHUTDOWN_DRAIN_MS: '1000',
      WEB_DIST_DIR: join(tmpdir(), 'pet-many-no-web'),
    };
    // At the same moment, on an empty database.
    firstStart = await Promise.allSettled([start(), start(), start()]);
    database = await openDatabase({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: tmpdir() });
  }, 120_000);

  afterAll(async () => {
    if (!wanted || template?.kind !== 'pg') return;
    for (const server of running.values()) server.child.kill('SIGKILL');
    await Promise.all([...running.values()].map((server) => server.exit));
    await database?.close();
    await proxy?.close();
    await sink?.stop();
    await s3?.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
    await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** A request to one process (`port`) or through the proxy (no port), from client address `from`. */
  async function call(
    method: string,
    path: string,
    options: {
      port?: number;
      from?: string;
      token?: string;
      body?: unknown;
      raw?: Buffer;
      type?: string;
    } = {},
  ): Promise<Answer> {
    const base = options.port ? `http://127.0.0.1:${options.port}` : proxy.url;
    const headers: Record<string, string> = { origin: proxy.url };
    if (options.from) headers['x-forwarded-for'] = options.from;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.raw) {
      body = new Uint8Array(options.raw);
      headers['content-type'] = options.type ?? 'application/octet-stream';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  }

  const ports = () => [...running.keys()];
  let addresses = 0;
  /** A client address of its own for each use (per-address limits are tested on purpose only). */
  const freshAddress = () => {
    addresses += 1;
    return `198.18.${Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
  };

  /** Signs up through the proxy, confirms the mail's link, signs in on `port`: the bearer token. */
  async function owner(port: number): Promise<{ email: string; token: string; id: string }> {
    const email = `many-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'multi-pass-1';
    const created = await call('POST', '/v1/auth/signup', {
      from: freshAddress(),
      body: {
        name: 'Many Owner',
        email,
        password,
        language: 'en',
        activation_code: null,
        product_associated: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const mail = await sink.waitFor(sentTo(email), 15_000);
    const link = linksIn(mail).find((l) => l.includes('/api/auth/verify-email'));
    const verified = await fetch(link!, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(verified.status).toBe(302);
    const signedIn = await call('POST', '/api/auth/sign-in/email', {
      port,
      from: freshAddress(),
      body: { email, password },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const { token } = signedIn.json() as { token: string };
    return { email, token, id: (created.json() as { id: string }).id };
  }

  async function premium(userId: string) {
    const product = await findProductByRef(database.db, brandConfig('petention').partnerId, 'premium-gps');
    if (!product) throw new Error('no premium-gps product');
    await setUserProduct(database.db, userId, product);
  }

  async function addPet(token: string, port?: number): Promise<string> {
    const pet = await call('POST', '/v1/pet', { port, token, body: { name: 'Bello', pet_type: 'Dog' } });
    expect(pet.status, pet.text).toBe(201);
    return (pet.json() as { id: string }).id;
  }

  test('three processes started at once on an empty database all come up and are ready', async () => {
    expect(firstStart.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    for (const port of ports()) expect((await call('GET', '/readyz', { port })).status).toBe(200);
    for (const port of ports()) await proxy.inRotation(port);
  });

  test('a session and a file made on one process are good on every other', async () => {
    const [a, b, c] = ports();
    const user = await owner(a!);
    const petId = await addPet(user.token, a);
    const boundary = 'many-processes';
    const picture = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await call('POST', `/v1/upload/image?file_for=pet&pet_id=${petId}`, {
      port: a,
      token: user.token,
      raw: picture,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const file = new URL((uploaded.json() as { image_url: string }).image_url).pathname;
    for (const port of [b!, c!]) {
      expect((await call('GET', '/v1/pet', { port, token: user.token })).status).toBe(200);
      const response = await fetch(`http://127.0.0.1:${port}${file}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });

  test('every per-address limit counts across the processes: sign-in, sign-up, reset mail, emergency file', async () => {
    const spread = ports();
    /** `count` tries from one address, each on the next process: their statuses. */
    async function tries(count: number, send: (port: number, i: number, from: string) => Promise<Answer>) {
      const from = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) statuses.push((await send(spread[i % spread.length]!, i, from)).status);
      return statuses;
    }
    const signIns = await tries(6, (port, i, from) =>
      call('POST', '/api/auth/sign-in/email', {
        port,
        from,
        body: {
          email: `nobody-${i}-${randomBytes(3).toString('hex')}@example.test`,
          password: 'wrong-pass-1',
        },
      }),
    );
    expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);
    const signUps = await tries(6, (port, _i, from) =>
      call('POST', '/v1/auth/signup', {
        port,
        from,
        body: {
          name: 'Limit Owner',
          email: `limit-${randomBytes(4).toString('hex')}@example.test`,
          password: 'multi-pass-1',
          language: 'en',
          activation_code: null,
          product_associated: false,
        },
      }),
    );
    expect(signUps).toEqual([201, 201, 201, 201, 201, 429]);
    const resets = await tries(4, (port, i, from) =>
      call('POST', '/v1/auth/password/reset', { port, from, body: { email: `nobody-${i}@example.test` } }),
    );
    expect(resets).toEqual([200, 200, 200, 429]);
    const emergency = await tries(11, (port, _i, from) =>
      call('GET', '/v1/emergency/public?activation_code=NOSUCHCODE42', { port, from }),
    );
    expect(emergency.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(emergency[10]).toBe(429);
  });

  test('a reminder is mailed once, whichever process runs its job: to the owner and each member who asked, on their clock', async () => {
    const ports3 = ports();
    const user = await owner(ports3[0]!);
    await premium(user.id);
    const petId = await addPet(user.token);
    // Two members in other zones, one of them German (issue 49): they join by a membership row (how they join
    // is the household tests'), then ask for the pet's reminders through the API.
    const members = [
      { who: await owner(ports3[1]!), zone: 'America/New_York', language: 'en' },
      { who: await owner(ports3[2]!), zone: 'Asia/Tokyo', language: 'de' },
    ];
    for (const [i, member] of members.entries()) {
      await database.db.insert(householdMembers).values({
        id: randomUUID(),
        petId,
        userId: member.who.id,
        role: i === 0 ? 'co-owner' : 'sitter',
        createdAt: new Date(),
      });
      await database.db.update(users).set({ language: member.language }).where(eq(users.id, member.who.id));
      const optedIn = await call('PUT', `/v1/reminders/opt-in?pet_id=${petId}`, {
        token: member.who.token,
        body: { opted_in: true, time_zone: member.zone },
      });
      expect(optedIn.status, optedIn.text).toBe(200);
    }

    // An appointment reminder due in 3 s, and a morning dose whose time (set now) was two minutes ago.
    const due = wallClock(new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000), ZONE);
    const created = await call('POST', `/v1/appointment?pet_id=${petId}`, {
      token: user.token,
      body: appointmentBody(3, {
        reminder_time_zone: ZONE,
        reminder_date: due.date,
        reminder_time: due.time,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const medication = await call('POST', `/v1/medical/medication?pet_id=${petId}`, {
      token: user.token,
      body: { medical_type: 'medication', name: 'Apoquel', in_use: true, taking_schedule: [0, 1, 2] },
    });
    expect(medication.status, medication.text).toBe(201);
    const doseAt = new Date(Math.floor((Date.now() - 120_000) / 60_000) * 60_000);
    const doseTime = wallClock(doseAt, ZONE).time.slice(0, 5);
    const times = await call('PUT', `/v1/reminders/dose-times?pet_id=${petId}`, {
      token: user.token,
      body: { mornings: doseTime, noons: doseTime, evenings: doseTime, time_zone: ZONE },
    });
    expect(times.status, times.text).toBe(200);

    const appointmentMails = (email: string) => (mail: Parameters<ReturnType<typeof reminderFor>>[0]) =>
      sentTo(email)(mail) && reminderFor({ name: 'Bello' })(mail);
    const doseMails = (email: string) => (mail: Parameters<ReturnType<typeof reminderFor>>[0]) =>
      sentTo(email)(mail) && /dose|gabe/i.test(mail.subject ?? '');
    for (const member of members) {
      await sink.waitFor(appointmentMails(member.who.email), 20_000);
      // Three slots at the same time: three mails, each once.
      await sink.waitFor(() => sink.messages.filter(doseMails(member.who.email)).length >= 3, 20_000);
    }
    await sink.waitFor(appointmentMails(user.email), 20_000);
    // Three processes poll the queue every 2 s: long enough for a second one to send any of them too.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(sink.messages.filter(appointmentMails(user.email))).toHaveLength(1);
    // The owner did not ask for the dose reminders.
    expect(sink.messages.filter(doseMails(user.email))).toHaveLength(0);
    for (const member of members) {
      const appointment = sink.messages.filter(appointmentMails(member.who.email));
      expect(appointment).toHaveLength(1);
      const doses = sink.messages.filter(doseMails(member.who.email));
      expect(doses).toHaveLength(3);
      // Each on their clock: the dose time in their zone.
      const theirs = wallClock(doseAt, member.zone).time.slice(0, 5);
      expect(doses.every((mail) => (mail.subject ?? '').includes(theirs))).toBe(true);
    }
    expect(
      sink.messages.filter(doseMails(members[1]!.who.email)).every((m) => /gabe/i.test(m.subject ?? '')),
    ).toBe(true);
  });

  /** Writes contacts through the proxy until `stop` resolves; the ids the portal acknowledged, and failures. */
  async function writeUntil(token: string, petId: string, stop: Promise<unknown>) {
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let done = false;
    void stop.then(() => {
      done = true;
    });
    let n = 0;
    const writer = async () => {
      while (!done) {
        n += 1;
        const answer = await call('POST', `/v1/contact?pet_id=${petId}`, {
          token,
          body: contactBody({ name: `Contact ${n}` }),
        }).catch(() => ({ status: 0, text: '', json: () => ({}) }));
        if (answer.status === 201) acknowledged.push((answer.json() as { id: string }).id);
        else failed.push(answer.status);
      }
    };
    await Promise.all([writer(), writer(), writer()]);
    return { acknowledged, failed };
  }

  async function contactIds(token: string, petId: string): Promise<Set<string>> {
    const list = await call('GET', `/v1/contact/mycontacts?pet_id=${petId}`, { token });
    expect(list.status).toBe(200);
    return new Set((list.json() as Array<{ id: string }>).map((c) => c.id));
  }

  test('kill -9 of a process during writes loses no acknowledged write', async () => {
    const user = await owner(ports()[0]!);
    await premium(user.id);
    const petId = await addPet(user.token);
    const victimPort = ports()[2]!;
    const victim = running.get(victimPort)!;
    const killed = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      victim.child.kill('SIGKILL');
      await victim.exit;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    })();
    const { acknowledged } = await writeUntil(user.token, petId, killed);
    running.delete(victimPort);
    proxy.remove(victimPort);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await contactIds(user.token, petId);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // A process takes the killed one's place for what follows.
    const replacement = await start();
    await proxy.inRotation(replacement.port);
  });

  test('a rolling restart through the health-checking proxy loses no request', async () => {
    const user = await owner(ports()[0]!);
    await premium(user.id);
    const petId = await addPet(user.token);
    const restarted = (async () => {
      for (const port of ports()) {
        const old = running.get(port)!;
        const replacement = await start();
        await proxy.inRotation(replacement.port);
        old.child.kill('SIGTERM');
        expect((await old.exit).code).toBe(0);
        running.delete(port);
        proxy.remove(port);
      }
    })();
    const reads: number[] = [];
    const reader = (async () => {
      let done = false;
      void restarted.finally(() => {
        done = true;
      });
      while (!done) reads.push((await call('GET', '/v1/pet', { token: user.token })).status);
    })();
    const { acknowledged, failed } = await writeUntil(user.token, petId, restarted);
    await reader;
    await restarted;
    expect(failed).toEqual([]);
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(reads.length).toBeGreaterThan(20);
    const stored = await contactIds(user.token, petId);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
