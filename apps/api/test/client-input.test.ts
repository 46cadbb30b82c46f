import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { pets } from '../src/db/schema/pets.ts';
import {
  nextIp,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  type TestUser,
  uniqueEmail,
} from './support/accounts.ts';
import { capturedLog } from './support/log-capture.ts';
import { addPet, call, jpeg, upload } from './support/pets.ts';
import { useTestApp } from './support/test-app.ts';

// What a client can send that once answered 5xx or left the error shape: NUL and lone surrogates in any
// string, malformed multipart, Fastify's own refusals; plus what a failed query writes to the log and the
// caching of personal answers, and how much of a request reaches the log.

const log = capturedLog();
const t = useTestApp({ logStream: log.stream, env: { LOG_LEVEL: 'error' } });
let me: TestUser;
beforeAll(async () => {
  me = await t.user({ plan: 'premium' });
});

const BAD_TEXT = { code: 'VALIDATION_ERROR', message: 'Bad_Request_Text' };

function expectRefused(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ ...BAD_TEXT, fields: { [field]: 'Invalid_Characters_Error' } });
}

async function petCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(pets).where(eq(pets.userId, userId));
  return row?.n ?? 0;
}

describe('NUL and lone surrogates: 400 naming the field, nothing written', () => {
  test('in a JSON body (also nested, also in a key)', async () => {
    const before = await petCount(me.id);
    expectRefused(await call(t, me, 'POST', '/v1/pet', { name: 'Rex\u0000', pet_type: 'Dog' }), 'name');
    expectRefused(await call(t, me, 'POST', '/v1/pet', { name: 'Rex\ud800', pet_type: 'Dog' }), 'name');
    expectRefused(await call(t, me, 'POST', '/v1/pet', { name: 'Rex\udc00x', pet_type: 'Dog' }), 'name');
    expectRefused(
      await call(t, me, 'POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog', weight: [{ a: 'b\u0000' }] }),
      'weight',
    );
    expectRefused(await call(t, me, 'POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog', 'x\u0000': 1 }), '_');
    expect(await petCount(me.id)).toBe(before);
  });

  test('a surrogate pair (an emoji) is fine', async () => {
    const response = await call(t, me, 'POST', '/v1/pet', { name: 'Rex 🐶', pet_type: 'Dog' });
    expect(response.statusCode, response.body).toBe(201);
  });

  test('in a path parameter and a query string', async () => {
    expectRefused(await call(t, me, 'GET', '/v1/files/%00'), 'id');
    expectRefused(await call(t, me, 'GET', '/v1/pet?pet_id=%00'), 'pet_id');
  });

  test('anonymous verifycode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verifycode',
      remoteAddress: nextIp(),
      payload: { code: '\u0000' },
    });
    expectRefused(response, 'code');
  });

  test('sign-up with a NUL in the name: 400, no user', async () => {
    const email = uniqueEmail('nul');
    expectRefused(await signUpRequest(t.app, { email, name: 'Test\u0000Owner' }), 'name');
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  test("better-auth's routes too", async () => {
    const reset = await resetPasswordRequest(t.app, { newPassword: 'secret-pass-2', token: 'a\u0000b' });
    expectRefused(reset, 'token');
    const signIn = await signInRequest(t.app, { email: `${me.email}\ud800`, password: 'x' });
    expectRefused(signIn, 'email');
  });
});

describe('a failed query', () => {
  test("logs the error's class, code and constraint, never the SQL parameters", async () => {
    // A constraint only this file's database has makes an otherwise valid write fail in the database.
    await t.database.db.execute(
      sql`ALTER TABLE pets ADD CONSTRAINT test_refuses_secret CHECK (name <> 'Secret Sniffles')`,
    );
    log.clear();
    const response = await call(t, me, 'POST', '/v1/pet', { name: 'Secret Sniffles', pet_type: 'Dog' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' });
    const text = log.text();
    expect(text).toContain('test_refuses_secret');
    expect(text).toContain('23514');
    expect(text).not.toContain('Sniffles');
    expect(text).not.toContain(me.id);
    expect(text).not.toMatch(/insert into/i);
  });
});

describe('malformed multipart: 400 in the error shape', () => {
  const sent = (payload: string | Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/upload/image?file_for=user',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': contentType },
      payload,
    });
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

  test.each([
    [
      'a wrong boundary',
      () => sent(`${part('other')}abc\r\n--other--\r\n`, 'multipart/form-data; boundary=xyz'),
    ],
    ['an empty boundary', () => sent('--\r\n', 'multipart/form-data; boundary=')],
    ['a boundary too long', () => sent('x', `multipart/form-data; boundary=${'b'.repeat(300)}`)],
    ['no boundary', () => sent(`${part('xyz')}abc\r\n--xyz--\r\n`, 'multipart/form-data')],
    [
      'cut off mid-part',
      () => sent(Buffer.concat([Buffer.from(part('xyz')), jpeg(2048)]), 'multipart/form-data; boundary=xyz'),
    ],
    [
      'cut off in the headers',
      () => sent('--xyz\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=xyz'),
    ],
  ])('%s', async (_name, send) => {
    log.clear();
    const response = await send();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ ...BAD_TEXT, fields: expect.any(Object) });
  });
});

/** Sends raw bytes to a listening server and returns what came back before it closed. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
    setTimeout(() => socket.end(), 1500);
  });
}

function bodyOf(raw: string): { status: number; body: unknown } {
  const status = Number(raw.slice(9, 12));
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(body) };
}

describe("Fastify's own refusals use the error shape and echo nothing", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  test('a malformed URL (FST_ERR_BAD_URL)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/files/%E0%A4%A<script>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ...BAD_TEXT, fields: {} });
    expect(response.body).not.toContain('script');
  });

  test('headers too large: 431', async () => {
    const raw = await rawExchange(
      port,
      `GET /v1/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, body } = bodyOf(raw);
    expect(status).toBe(431);
    expect(body).toEqual({ code: 'VALIDATION_ERROR', message: 'Bad_Request_Text', fields: {} });
  });

  test('broken chunked encoding: 400', async () => {
    const raw = await rawExchange(
      port,
      'POST /v1/auth/verifycode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz<script>\r\n{}\r\n0\r\n\r\n',
    );
    const { status, body } = bodyOf(raw);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'VALIDATION_ERROR', message: 'Bad_Request_Text', fields: {} });
    expect(raw).not.toContain('script');
  });
});

describe('personal answers are not stored by caches', () => {
  test('signed-in JSON, a file download, better-auth session answers', async () => {
    const pet = await addPet(t, me, { name: 'Cached' });
    expect((await call(t, me, 'GET', `/v1/pet?pet_id=${pet.id}`)).headers['cache-control']).toBe('no-store');
    expect((await call(t, me, 'GET', '/v1/auth/myinfo')).headers['cache-control']).toBe('no-store');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: me.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await signInRequest(t.app, { email: me.email, password: 'wrong-password' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const uploaded = await upload(t, me, 'file_for=user', {
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      data: jpeg(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = new URL(uploaded.json<{ image_url: string }>().image_url);
    const file = await call(t, me, 'GET', url.pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
  });

  test('public answers keep theirs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe('what one request can write into the log: a few kilobytes at most (issue 47)', () => {
  const longest = () =>
    Math.max(
      0,
      ...log
        .text()
        .split('\n')
        .map((line) => line.length),
    );

  test('better-auth quoting a 300 KB callback URL: refused, named, cut', async () => {
    log.clear();
    const callbackURL = `https://elsewhere.test/${'a'.repeat(300_000)}`;
    const response = await signInRequest(t.app, { email: me.email, password: 'wrong-password', callbackURL });
    expect(response.statusCode, response.body).toBe(403);
    expect(log.text()).toContain('Invalid callbackURL: https://elsewhere.test/');
    expect(log.text()).toMatch(/more\]"/);
    expect(longest()).toBeLessThan(8_192);
  });
});
