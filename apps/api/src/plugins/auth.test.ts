import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { signUpAndVerify, uniqueEmail } from '../test-helpers/accounts.ts';
import { createTestApp, ORIGIN, type TestApp } from '../test-helpers/test-app.ts';

// better-auth keys its limits and records sessions by the client address it is given: always Fastify's
// `request.ip`, which follows X-Forwarded-For only when TRUST_PROXY says a proxy sets it.

function signIn(
  t: TestApp,
  remoteAddress: string,
  headers: Record<string, string>,
  email: string,
  password: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { ...ORIGIN, ...headers },
    payload: { email, password },
  });
}

describe('without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  test('the session records the connecting address, not a claimed one', async () => {
    const user = await signUpAndVerify(t);
    const response = await signIn(
      t,
      '192.0.2.10',
      { 'x-forwarded-for': '203.0.113.77' },
      user.email,
      user.password,
    );
    expect(response.statusCode).toBe(200);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, response.json().token));
    expect(session?.ipAddress).toBe('192.0.2.10');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  test('each forwarded client has its own sign-in budget and is recorded as itself', async () => {
    const email = uniqueEmail('proxied');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await signIn(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' }, email, 'nope-nope')).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await signIn(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.2' }, email, 'nope-nope');
    expect(other.statusCode).toBe(401);

    const user = await signUpAndVerify(t);
    const ok = await signIn(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.3' }, user.email, user.password);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.token, ok.json().token));
    expect(session?.ipAddress).toBe('203.0.113.3');
  });
});
