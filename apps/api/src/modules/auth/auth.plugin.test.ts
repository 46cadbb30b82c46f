import { setRequestCookie } from 'better-auth/cookies';
import { makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { signIn as signInSession, uniqueEmail } from '../../../test/support/accounts.ts';
import { ORIGIN, type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { bearerAsSessionCookie } from './auth.plugin.ts';

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

// One app for the file; the proxy block needs its own (TRUST_PROXY changes how the app reads addresses).
const t = useTestApp();

describe('without a trusted proxy', () => {
  test('the session records the connecting address, not a claimed one', async () => {
    const user = await t.user();
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
  const proxied = useTestApp({ env: { TRUST_PROXY: 'true' } });

  test('each forwarded client has its own sign-in budget and is recorded as itself', async () => {
    const email = uniqueEmail('proxied');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await signIn(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' }, email, 'nope-nope'))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await signIn(
      proxied,
      '127.0.0.1',
      { 'x-forwarded-for': '203.0.113.2' },
      email,
      'nope-nope',
    );
    expect(other.statusCode).toBe(401);

    const user = await proxied.user();
    const ok = await signIn(
      proxied,
      '127.0.0.1',
      { 'x-forwarded-for': '203.0.113.3' },
      user.email,
      user.password,
    );
    const [session] = await proxied.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, ok.json().token));
    expect(session?.ipAddress).toBe('203.0.113.3');
  });
});

// `bearerAsSessionCookie` does the bearer plugin's rewrite itself (one synchronous HMAC instead of two
// WebCrypto ones); better-auth's getSession must see exactly what the plugin would have given it.
describe('a bearer token read as the session cookie', () => {
  /** getSession through the bearer plugin (the headers as the client sent them) and through our rewrite. */
  async function bothWays(headers: Record<string, string>) {
    const viaPlugin = await t.app.ctx.auth.api.getSession({ headers: new Headers(headers) });
    const rewritten = new Headers(headers);
    bearerAsSessionCookie(rewritten, t.app.ctx.sessionCookieSigner);
    const viaRewrite = await t.app.ctx.auth.api.getSession({ headers: rewritten });
    return {
      viaPlugin: viaPlugin?.session.id ?? null,
      viaRewrite: viaRewrite?.session.id ?? null,
      rewritten,
    };
  }

  test('the Cookie header the plugin would write: the token signed with the auth secret', async () => {
    const context = await t.app.ctx.auth.$context;
    const name = context.authCookies.sessionToken.name;
    for (const token of ['abcDEF123', 'with+slash/and=equals', 'per%25cent', 'a b']) {
      const headers = new Headers({ authorization: `Bearer ${token}`, cookie: `other=x%3By; ${name}=old` });
      bearerAsSessionCookie(headers, t.app.ctx.sessionCookieSigner);
      const expected = new Headers({ cookie: `other=x%3By; ${name}=old` });
      setRequestCookie(expected, name, `${token}.${await makeSignature(token, context.secret)}`);
      expect(headers.get('cookie')).toBe(expected.get('cookie'));
      expect(headers.has('authorization')).toBe(false);
    }
  });

  test('the same session as through the plugin, for every kind of Authorization header', async () => {
    const user = await t.user();
    const other = await t.user();
    const context = await t.app.ctx.auth.$context;
    const presigned = `${user.token}.${await makeSignature(user.token, context.secret)}`;
    const cases: Array<[string, Record<string, string>, 'user' | 'other' | null]> = [
      ['plain token', { authorization: `Bearer ${user.token}` }, 'user'],
      [
        'any case of the scheme, spaces around the token',
        { authorization: `bEaReR   ${user.token}  ` },
        'user',
      ],
      [
        'the bearer wins over another session’s cookie',
        { authorization: `Bearer ${user.token}`, cookie: other.cookie },
        'user',
      ],
      ['unknown token', { authorization: 'Bearer not-a-session' }, null],
      [
        'unknown token next to a valid cookie',
        { authorization: 'Bearer not-a-session', cookie: other.cookie },
        null,
      ],
      ['empty token next to a valid cookie', { authorization: 'Bearer ', cookie: other.cookie }, 'other'],
      [
        'another scheme next to a valid cookie',
        { authorization: `Basic ${user.token}`, cookie: other.cookie },
        'other',
      ],
      ['pre-signed token (left to the plugin)', { authorization: `Bearer ${presigned}` }, 'user'],
      ['forged signature (left to the plugin)', { authorization: `Bearer ${user.token}.Zm9yZ2Vk` }, null],
    ];
    const sessionOf = { user: await sessionId(user.token), other: await sessionId(other.token) };
    for (const [name, headers, expected] of cases) {
      const { viaPlugin, viaRewrite } = await bothWays(headers);
      expect({ name, session: viaRewrite }).toEqual({ name, session: viaPlugin });
      expect({ name, session: viaRewrite }).toEqual({ name, session: expected ? sessionOf[expected] : null });
    }
  });

  async function sessionId(token: string) {
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    return row!.id;
  }

  test('over HTTP: bearer and cookie name the same user; a bearer answer sets no cookie', async () => {
    const user = await t.user();
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/myinfo',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/myinfo',
      headers: { cookie: user.cookie },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toEqual(viaCookie.json());
    expect(viaBearer.headers['set-cookie']).toBeUndefined();
  });
});

// The session check's fast path (session-lookup.ts) answers only where getSession would answer with the
// same session and user and nothing else (no Set-Cookie, no write); everywhere else it defers to getSession.
describe('the session check’s fast path agrees with getSession', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const pick = (answer: { session: Record<string, unknown>; user: Record<string, unknown> }) => ({
    session: {
      id: answer.session.id,
      expiresAt: answer.session.expiresAt,
      rememberMe: answer.session.rememberMe,
    },
    user: {
      id: answer.user.id,
      email: answer.user.email,
      name: answer.user.name,
      emailVerified: answer.user.emailVerified,
      language: answer.user.language,
      role: answer.user.role,
      banned: answer.user.banned,
      banExpires: answer.user.banExpires ?? null,
    },
  });

  /** The fast path's answer first (it never writes), then getSession's, for the same request headers. */
  async function both(raw: Record<string, string>) {
    const headers = new Headers(raw);
    bearerAsSessionCookie(headers, t.app.ctx.sessionCookieSigner);
    const fast = await t.app.ctx.sessionLookup(headers.get('cookie'));
    const slow = await t.app.ctx.auth.api.getSession({ headers, returnHeaders: true });
    return { fast, slow: slow.response, setCookies: slow.headers.getSetCookie() };
  }

  async function expiresIn(token: string, ms: number) {
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ms) })
      .where(eq(sessions.token, token));
  }

  test('a valid session, bearer or cookie, long or short: the same answer and getSession had nothing to add', async () => {
    const user = await t.user();
    const short = await signInSession(t.app, user.email, user.password, false);
    const valid: Array<Record<string, string>> = [
      { authorization: `Bearer ${user.token}` },
      { cookie: user.cookie },
      { cookie: `other=1; ${user.cookie}; more="quoted"` },
      { authorization: `Bearer ${user.token}`, cookie: short.cookie },
    ];
    for (const raw of valid) {
      const { fast, slow, setCookies } = await both(raw);
      expect(fast).toBeDefined();
      expect(pick(fast!)).toEqual(pick(slow as never));
      expect(setCookies).toEqual([]);
    }
    // A short session is always within a day of its end, so always "due" by better-auth's rule: getSession
    // decides (no refresh for the browser's don't-remember cookie, an unchanged end for a bearer call).
    expect((await both({ cookie: short.cookie })).fast).toBeUndefined();
    expect((await both({ authorization: `Bearer ${short.token}` })).fast).toBeUndefined();
  });

  test('due for a refresh: deferred, and getSession refreshes; just before that: answered', async () => {
    const user = await t.user();
    await expiresIn(user.token, 29 * DAY_MS + 60 * 60 * 1000);
    const early = await both({ authorization: `Bearer ${user.token}` });
    expect(early.fast).toBeDefined();
    expect(pick(early.fast!)).toEqual(pick(early.slow as never));
    expect(early.setCookies).toEqual([]);

    await expiresIn(user.token, 29 * DAY_MS - 60 * 1000);
    const due = await both({ cookie: user.cookie });
    expect(due.fast).toBeUndefined();
    expect(due.setCookies.some((c) => c.startsWith('pet.session_token='))).toBe(true);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, user.token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  test('expired, revoked, forged, doubled or with a session-data cookie: left to getSession', async () => {
    const user = await t.user();
    const [name, value] = user.cookie
      .split('; ')
      .find((c) => c.startsWith('pet.session_token='))!
      .split('=');
    const forged = `${name}=${encodeURIComponent(`${user.token}.${'A'.repeat(43)}=`)}`;
    const deferred: Array<Record<string, string>> = [
      { cookie: forged },
      { cookie: `${user.cookie}; ${name}=${value}` },
      { cookie: `${user.cookie}; pet.session_data=eyJ9` },
      { authorization: `Bearer ${user.token}.Zm9yZ2Vk` },
    ];
    for (const raw of deferred) {
      const { fast } = await both(raw);
      expect(fast).toBeUndefined();
    }

    await expiresIn(user.token, -1000);
    const expired = await both({ cookie: user.cookie });
    expect(expired.fast).toBeUndefined();
    expect(expired.slow).toBeNull();

    const other = await t.user();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...ORIGIN, cookie: other.cookie },
    });
    const revoked = await both({ authorization: `Bearer ${other.token}` });
    expect(revoked.fast).toBeUndefined();
    expect(revoked.slow).toBeNull();
  });

  test('a banned user’s session is found (resolveUser refuses it and ends the sessions)', async () => {
    const user = await t.user();
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    const { fast, slow } = await both({ authorization: `Bearer ${user.token}` });
    expect(pick(fast!)).toEqual(pick(slow as never));
    expect(fast!.user.banned).toBe(true);
  });
});
