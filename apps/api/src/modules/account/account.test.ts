import { myInfoSchema, SESSION_SHORT_SECONDS } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, nextIp } from '../../../test/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../test/support/test-app.ts';
import { sessions, users } from '../../db/schema/index.ts';

const t = useTestApp();

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

describe('GET /v1/auth/myinfo and request authentication', () => {
  test('answers the myinfo shape for the cookie and for the bearer token', async () => {
    const user = await t.user({ name: 'Mia Owner', language: 'de' });
    for (const via of ['cookie', 'bearer'] as const) {
      const response = await call('GET', '/v1/auth/myinfo', as(user, via));
      expect(response.statusCode).toBe(200);
      const body = myInfoSchema.parse(response.json());
      expect(body).toMatchObject({
        id: user.id,
        name: 'Mia Owner',
        email: user.email,
        emailVerified: true,
        language: 'de',
        role: 'user',
        pets: [],
        // A new user without a code is on the brand's default plan.
        product: expect.objectContaining({ name: 'Free', sequence: 0, is_default: true }),
        product_associated: false,
        trial_ends_at: null,
        tracker_ids: [],
        stay_loggedin: true,
      });
      // The spec's top-level product_id (spec 2 section 3, "User info") is the plan's id.
      expect(body.product_id).toBeTruthy();
      expect(body.product_id).toBe(body.product?.id);
    }
  });

  test('401 UNAUTHORIZED without a session or with a made-up token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-a-session' },
      { cookie: 'pet.session_token=forged' },
    ]) {
      const response = await call('GET', '/v1/auth/myinfo', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  test('401 when the firebaseid header names someone else; fine when it names the user', async () => {
    const user = await t.user();
    const other = await call('GET', '/v1/auth/myinfo', { ...as(user, 'bearer'), firebaseid: 'someone-else' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const same = await call('GET', '/v1/auth/myinfo', { ...as(user, 'bearer'), firebaseid: user.id });
    expect(same.statusCode).toBe(200);
  });

  test('403 EMAIL_NOT_VERIFIED for a session of an unverified account', async () => {
    // Sign-in refuses unverified accounts; the factory makes the session the way a provider could.
    const user = await t.user({ verified: false });
    const response = await call('GET', '/v1/auth/myinfo', { authorization: `Bearer ${user.token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email_Verification_Failed_Text',
    });
  });

  test('a cookie-authenticated change from a foreign page is refused', async () => {
    const user = await t.user();
    const response = await call(
      'PUT',
      '/v1/auth/modify',
      { cookie: user.cookie, origin: 'https://evil.example' },
      { name: 'Hacked Name' },
    );
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe(user.name);
  });
});

describe('PUT and POST /v1/auth/modify', () => {
  test('changes the name (PUT) and the language (POST)', async () => {
    const user = await t.user();
    const renamed = await call('PUT', '/v1/auth/modify', as(user), { name: '  New Name  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('New Name');
    const german = await call('POST', '/v1/auth/modify', as(user, 'bearer'), { language: 'de' });
    expect(german.statusCode).toBe(200);
    expect(german.json()).toMatchObject({ name: 'New Name', language: 'de' });
  });

  test('stay_loggedin off shortens the running session to at most one day', async () => {
    const user = await t.user();
    const response = await call('PUT', '/v1/auth/modify', as(user, 'bearer'), { stay_loggedin: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().stay_loggedin).toBe(false);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.token, user.token));
    expect(session?.rememberMe).toBe(false);
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_SHORT_SECONDS * 1000);
    // Still usable, and using it does not extend it.
    expect((await call('GET', '/v1/auth/myinfo', as(user, 'bearer'))).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.token, user.token));
    expect(after!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_SHORT_SECONDS * 1000);
  });

  const invalid: Array<[string, object, string, string]> = [
    ['name too short', { name: 'Al' }, 'name', 'Name_Length_Error'],
    ['name too long', { name: 'x'.repeat(31) }, 'name', 'Name_Length_Error'],
    ['language unknown', { language: 'fr' }, 'language', 'Language_Error'],
    ['nothing to change', {}, 'name', 'Required_Error'],
  ];
  test.each(invalid)('400 and nothing changed: %s', async (_case, payload, field, key) => {
    const user = await t.user();
    const response = await call('PUT', '/v1/auth/modify', as(user), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: user.name, language: 'en' });
  });

  test('401 without a session', async () => {
    expect((await call('PUT', '/v1/auth/modify', {}, { name: 'Nobody Here' })).statusCode).toBe(401);
  });
});

describe('PUT /v1/user/update?id=', () => {
  const address = {
    address_1: 'Hauptstraße 1',
    address_2: '',
    zipcode: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 123456',
  };

  test('stores the address of the signed-in user', async () => {
    const user = await t.user();
    const response = await call('PUT', `/v1/user/update?id=${user.id}`, as(user), address);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      address_1: 'Hauptstraße 1',
      address_2: null,
      zipcode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 123456',
    });
  });

  test('404 for any other id, and the other account is untouched', async () => {
    const user = await t.user();
    const other = await t.user();
    for (const id of [other.id, 'no-such-id']) {
      const response = await call('PUT', `/v1/user/update?id=${id}`, as(user, 'bearer'), address);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.city).toBeNull();
  });

  test('400 for a missing id or an over-long field', async () => {
    const user = await t.user();
    const noId = await call('PUT', '/v1/user/update', as(user), address);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields).toEqual({ id: 'Required_Error' });
    const long = await call('PUT', `/v1/user/update?id=${user.id}`, as(user), {
      ...address,
      city: 'x'.repeat(81),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ city: 'Max_Length_Error' });
  });

  test('401 without a session', async () => {
    expect((await call('PUT', '/v1/user/update?id=x', {}, address)).statusCode).toBe(401);
  });
});

describe('POST /v1/auth/verifyemail', () => {
  test('answers "verified" on petention, with an empty JSON body too', async () => {
    const user = await t.user();
    const bare = await call('POST', '/v1/auth/verifyemail', as(user, 'bearer'));
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ message: 'verified' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verifyemail',
      headers: { ...as(user, 'cookie'), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
  });

  test('401 without a session', async () => {
    expect((await call('POST', '/v1/auth/verifyemail', {})).statusCode).toBe(401);
  });
});

describe('GET /v1/config', () => {
  test('names the brand and says whether Google sign-in is configured', async () => {
    const response = await call('GET', '/v1/config', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      brand: 'petention',
      google: false,
      payments: { provider: 'sandbox', publishable_key: null },
      test_payments: false,
    });
  });
});

describe('POST /v1/log', () => {
  test('accepts a report with 204, signed in or not', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/log',
      remoteAddress: nextIp(),
      payload: { log: 'Failed to load pets: token=abc123', platform: 'web', error: { status: 500 } },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  test('refuses oversized reports', async () => {
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/v1/log',
      remoteAddress: nextIp(),
      payload: { log: 'x'.repeat(4001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/v1/log',
      remoteAddress: nextIp(),
      payload: { log: 'x', error: 'y'.repeat(20_000) },
    });
    expect(tooBig.statusCode).toBe(413);
  });

  test('is rate-limited per address', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.app.inject({ method: 'POST', url: '/v1/log', remoteAddress: ip, payload: { log: 'x' } })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  test("POST /log, the spec's path of the logging service, is the same route", async () => {
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/log',
      remoteAddress: nextIp(),
      payload: { log: 'Failed to load pets', platform: 'web', error: { status: 500 } },
    });
    expect(accepted.statusCode).toBe(204);
    expect(accepted.body).toBe('');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/log',
      remoteAddress: nextIp(),
      payload: { log: 'x'.repeat(4001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { log: expect.any(String) } });
  });
});

describe('cookie and Origin on /v1', () => {
  test('a cookie call from the portal’s own origin works', async () => {
    const user = await t.user();
    const response = await call(
      'POST',
      '/v1/auth/modify',
      { cookie: user.cookie, ...ORIGIN },
      { name: 'Same Origin' },
    );
    expect(response.statusCode).toBe(200);
  });
});
