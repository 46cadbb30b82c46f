import { SESSION_HINT_COOKIE, SESSION_LONG_SECONDS } from '@pet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { as, nextIp, signIn } from '../../../../test/support/accounts.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';

// The signed-in hint (session-hint.ts, decision 0013) follows the session cookie: set with it, with the same
// lifetime, readable by the page (no HttpOnly); cleared with it, and by a 401 to a request that still carries it.

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

function hintOf(response: LightMyRequestResponse): string | undefined {
  return setCookies(response).find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
}

const HINT = `${SESSION_HINT_COOKIE}=1`;
const CLEARED = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

describe('the signed-in hint over http', () => {
  const t = useTestApp();

  test('sign-in sets it beside the session cookie, with the same lifetime, readable by the page', async () => {
    const user = await t.user();
    const { response } = await signIn(t.app, user.email, user.password, true);
    const session = setCookies(response).find((c) => c.startsWith('pet.session_token='));
    expect(session).toMatch(new RegExp(`Max-Age=${SESSION_LONG_SECONDS}`));
    expect(hintOf(response)).toBe(`${HINT}; Max-Age=${SESSION_LONG_SECONDS}; Path=/; SameSite=Lax`);
  });

  test('without "stay signed in" both end with the browser', async () => {
    const user = await t.user();
    const { response } = await signIn(t.app, user.email, user.password, false);
    const session = setCookies(response).find((c) => c.startsWith('pet.session_token='));
    expect(session).not.toMatch(/Max-Age|Expires/i);
    expect(hintOf(response)).toBe(`${HINT}; Path=/; SameSite=Lax`);
  });

  test('a wrong password neither sets nor clears it (the 401 is about the password)', async () => {
    const user = await t.user();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { ...as(user), cookie: `${user.cookie}; ${HINT}` },
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(hintOf(wrong)).toBeUndefined();
  });

  test('sign-out clears it with the session cookie', async () => {
    const user = await t.user();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...as(user), cookie: `${user.cookie}; ${HINT}` },
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).some((c) => c.startsWith('pet.session_token=;'))).toBe(true);
    expect(hintOf(out)).toBe(CLEARED);
  });

  test('a 401 to a request that carries it clears it: the session it announces is gone', async () => {
    const user = await t.user();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: as(user) });
    const gone = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/myinfo',
      headers: { cookie: `${user.cookie}; ${HINT}` },
    });
    expect(gone.statusCode).toBe(401);
    expect(hintOf(gone)).toBe(CLEARED);
    // Only the hint's own cookie header, no session at all.
    const noSession = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/myinfo',
      headers: { cookie: HINT },
    });
    expect(noSession.statusCode).toBe(401);
    expect(hintOf(noSession)).toBe(CLEARED);
  });

  test('a page load with a session cookie but no hint (a session older than the hint) brings it back', async () => {
    const user = await t.user();
    const page = { accept: 'text/html,application/xhtml+xml' };
    const load = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { ...page, cookie: user.cookie },
    });
    expect(hintOf(load)).toBe(`${HINT}; Path=/; SameSite=Lax`);
    const withHint = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { ...page, cookie: `${user.cookie}; ${HINT}` },
    });
    expect(withHint.headers['set-cookie']).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard', headers: page });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  test('an anonymous 401 and a signed-in answer leave cookies alone; bearer clients never see it', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const user = await t.user();
    for (const via of ['cookie', 'bearer'] as const) {
      const me = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, via) });
      expect(me.statusCode).toBe(200);
      expect(me.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('the signed-in hint over https', () => {
  const publicUrl = 'https://portal.example';
  const t = useTestApp({ env: { PUBLIC_URL: publicUrl } });

  test('is Secure, like the session cookie, and cleared Secure', async () => {
    const user = await t.user();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { origin: publicUrl },
      payload: { email: user.email, password: user.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(setCookies(signedIn).some((c) => c.startsWith('__Secure-pet.session_token='))).toBe(true);
    expect(hintOf(signedIn)).toBe(`${HINT}; Max-Age=${SESSION_LONG_SECONDS}; Path=/; SameSite=Lax; Secure`);
    const gone = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: { cookie: HINT } });
    expect(hintOf(gone)).toBe(`${CLEARED}; Secure`);
  });
});
