import { SESSION_LONG_SECONDS, SESSION_SHORT_SECONDS } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  as,
  cookieHeader,
  nextIp,
  signIn,
  signInRequest,
  signUpRequest,
  uniqueEmail,
} from '../../../../test/support/accounts.ts';
import { SCRYPT_PRODUCTION } from '../../../../test/support/legacy-password-hashes.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { accounts, sessions, users } from '../../../db/schema/index.ts';
import { parseHash } from '../passwords/password.ts';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

function myInfo(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers });
}

async function sessionsOf(userId: string) {
  return t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

async function sessionByToken(token: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? (header as string[]) : [header as string];
}

describe('sign-in (POST /api/auth/sign-in/email)', () => {
  test('an unknown address and a wrong password answer exactly the same', async () => {
    const user = await t.user();
    const wrongPassword = await signInRequest(t.app, { email: user.email, password: 'wrong-password' });
    const unknownEmail = await signInRequest(t.app, {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  test('an unverified address is refused with EMAIL_NOT_VERIFIED (only with the right password)', async () => {
    const email = uniqueEmail('unverified');
    expect((await signUpRequest(t.app, { email })).statusCode).toBe(201);
    const refused = await signInRequest(t.app, { email, password: 'secret-pass-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    const wrong = await signInRequest(t.app, { email, password: 'not-the-password' });
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  test('stay signed in: an HttpOnly 30-day cookie and a 30-day session', async () => {
    const user = await t.user();
    const { response, token } = await signIn(t.app, user.email, user.password, true);
    const cookie = setCookies(response).find((c) => c.startsWith('pet.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_LONG_SECONDS}`));
    const session = await sessionByToken(token);
    expect(session?.rememberMe).toBe(true);
    const lifetime = session!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(SESSION_LONG_SECONDS * 1000 - 60_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.stayLoggedIn).toBe(true);
  });

  test('not staying signed in: a browser-session cookie and at most one day on the server, even when used', async () => {
    const user = await t.user();
    const { response, token, cookie } = await signIn(t.app, user.email, user.password, false);
    const sessionCookie = setCookies(response).find((c) => c.startsWith('pet.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);

    const limit = Date.now() + SESSION_SHORT_SECONDS * 1000;
    const before = await sessionByToken(token);
    expect(before?.rememberMe).toBe(false);
    expect(before!.expiresAt.getTime()).toBeLessThanOrEqual(limit);

    // Used through every door: a bearer call would otherwise make better-auth extend it to 30 days.
    expect((await myInfo(as({ cookie, token }, 'bearer'))).statusCode).toBe(200);
    expect((await myInfo(as({ cookie, token }, 'cookie'))).statusCode).toBe(200);
    const viaAuth = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaAuth.statusCode).toBe(200);
    const after = await sessionByToken(token);
    expect(after!.expiresAt.getTime()).toBeLessThanOrEqual(limit);
    expect(after!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY_MS);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.stayLoggedIn).toBe(false);
  });

  test('the sign-in answer carries the bearer token, which works on /v1', async () => {
    const user = await t.user();
    const { token } = await signIn(t.app, user.email, user.password);
    const me = await myInfo({ authorization: `Bearer ${token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  test('a password stored as scrypt (before argon2id) signs in, and is stored as argon2id from then on', async () => {
    const user = await t.user();
    const storedHash = async () => {
      const [row] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
      return row!.password!;
    };
    await t.database.db
      .update(accounts)
      .set({ password: SCRYPT_PRODUCTION })
      .where(eq(accounts.userId, user.id));

    // A wrong password changes nothing.
    expect((await signInRequest(t.app, { email: user.email, password: 'wrong-password' })).statusCode).toBe(
      401,
    );
    expect(await storedHash()).toBe(SCRYPT_PRODUCTION);

    await signIn(t.app, user.email, 'secret-pass-1');
    const replaced = await storedHash();
    expect(parseHash(replaced)).toMatchObject({ algorithm: 'argon2id', memoryKiB: 19_456, passes: 2 });
    const { token } = await signIn(t.app, user.email, 'secret-pass-1');
    expect((await myInfo(as({ cookie: '', token }, 'bearer'))).json().id).toBe(user.id);
    // A current hash stays as it is.
    expect(await storedHash()).toBe(replaced);
  });

  test('429 RATE_LIMITED after repeated attempts from one address; forwarded headers do not help', async () => {
    const ip = nextIp();
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        // A client cannot pick its own address: these headers are dropped before better-auth sees them.
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` },
        payload: { email, password: 'whatever-1' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address still gets its answers.
    expect((await signInRequest(t.app, { email, password: 'whatever-1' })).statusCode).toBe(401);
  });
});

describe('revocation takes effect at once', () => {
  test('sign-out ends the session for the cookie and the bearer token', async () => {
    const user = await t.user();
    expect((await myInfo(as(user, 'bearer'))).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: as(user, 'cookie'),
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).some((c) => c.startsWith('pet.session_token=;'))).toBe(true);
    expect((await myInfo(as(user, 'cookie'))).statusCode).toBe(401);
    expect((await myInfo(as(user, 'bearer'))).statusCode).toBe(401);
    expect(await sessionByToken(user.token)).toBeUndefined();
  });

  test('a cookie-carrying POST without a trusted Origin is refused', async () => {
    const user = await t.user();
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().code).toBe('MISSING_OR_NULL_ORIGIN');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await myInfo(as(user))).statusCode).toBe(200);
  });

  test('a password change ends every other session, whatever the client asked', async () => {
    const user = await t.user();
    const other = await signIn(t.app, user.email, user.password);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(user, 'cookie'),
      payload: { currentPassword: user.password, newPassword: 'brand-new-pass', revokeOtherSessions: false },
    });
    expect(changed.statusCode).toBe(200);
    expect((await myInfo(as(other, 'bearer'))).statusCode).toBe(401);
    expect((await myInfo(as(user, 'bearer'))).statusCode).toBe(401);
    // The answer brings a new session for the device that made the change.
    const fresh = cookieHeader(changed);
    expect((await myInfo({ cookie: fresh, ...ORIGIN })).statusCode).toBe(200);

    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await signInRequest(t.app, { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(
      200,
    );
  });

  test('a wrong current password changes nothing', async () => {
    const user = await t.user();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(user, 'cookie'),
      payload: { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_PASSWORD');
    expect((await myInfo(as(user))).statusCode).toBe(200);
  });
});

describe('ban', () => {
  async function makeAdmin() {
    const admin = await t.user({ name: 'Admin User' });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    return admin;
  }

  test('the admin ban revokes every session at once and refuses sign-in with Access_Revoked_Text', async () => {
    const admin = await makeAdmin();
    const user = await t.user();
    const second = await signIn(t.app, user.email, user.password);
    const banned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/ban-user',
      headers: as(admin, 'cookie'),
      payload: { userId: user.id, banReason: 'test' },
    });
    expect(banned.statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await myInfo(as(user, 'cookie'))).statusCode).toBe(401);
    expect((await myInfo(as(second, 'bearer'))).statusCode).toBe(401);

    const refused = await signInRequest(t.app, { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'BANNED_USER', message: 'Access_Revoked_Text' });
    // A wrong password still says only that.
    const wrong = await signInRequest(t.app, { email: user.email, password: 'not-the-password' });
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  test('a ban set directly in the database is enforced on the next call, and its sessions end', async () => {
    const user = await t.user();
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    const refused = await myInfo(as(user, 'bearer'));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'ACCESS_REVOKED', message: 'Access_Revoked_Text' });
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  test('only admins may ban', async () => {
    const user = await t.user();
    const victim = await t.user();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/ban-user',
      headers: as(user, 'cookie'),
      payload: { userId: victim.id },
    });
    expect(response.statusCode).toBe(403);
    expect((await myInfo(as(victim))).statusCode).toBe(200);
  });
});
