import { describe, expect, test } from 'vitest';
import {
  as,
  cookieHeader,
  follow,
  mailLink,
  nextIp,
  resetPasswordRequest,
  signIn,
  signInRequest,
  signUpRequest,
  uniqueEmail,
} from '../../../../test/support/accounts.ts';
import { linksIn, sentTo } from '../../../../test/support/smtp-sink.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';

// Long-running (9 s): mails over SMTP and their links (started first: vitest.config.ts).

const t = useTestApp();

function myInfo(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers });
}

function requestReset(email: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/password/reset',
    remoteAddress: ip,
    payload: { email, url: 'https://attacker.example/steal', handle_code_in_app: false },
  });
}

describe('password reset through the mail', () => {
  test('the link leads to the reset page with the token; the new password works and old sessions end', async () => {
    const user = await t.user({ language: 'de' });
    const otherDevice = await signIn(t.app, user.email, user.password);

    const asked = await requestReset(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'sent' });

    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && linksIn(m).some((l) => l.includes('/api/auth/reset-password/')),
    );
    expect(mail.subject).toBe('Petention: Passwort zurücksetzen');
    const link = linksIn(mail).find((l) => l.includes('/api/auth/reset-password/'))!;
    // The client's `url` is ignored: the link can only lead into the portal.
    expect(link).not.toContain('attacker');

    const landing = await follow(t.app, link);
    expect(landing.statusCode).toBe(302);
    const page = new URL(landing.headers.location as string);
    expect(`${page.origin}${page.pathname}`).toBe('http://localhost:3000/reset-password');
    expect(page.searchParams.get('email')).toBe(user.email);
    const token = page.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await resetPasswordRequest(t.app, { newPassword: 'a-new-secret', token });
    expect(reset.statusCode).toBe(200);

    expect((await myInfo(as(user, 'cookie'))).statusCode).toBe(401);
    expect((await myInfo(as(otherDevice, 'bearer'))).statusCode).toBe(401);
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await signInRequest(t.app, { email: user.email, password: 'a-new-secret' })).statusCode).toBe(
      200,
    );

    // A token works once.
    const again = await resetPasswordRequest(t.app, { newPassword: 'another-secret', token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const known = await t.user();
    const unknownEmail = uniqueEmail('nobody');
    const forKnown = await requestReset(known.email);
    const forUnknown = await requestReset(unknownEmail);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    await mailLink(t.sink, known.email, '/api/auth/reset-password/');
    await expect(t.sink.waitFor(sentTo(unknownEmail), 1000)).rejects.toThrow(/No matching mail/);
  });

  test('the new password follows the password rules', async () => {
    const user = await t.user();
    await requestReset(user.email);
    const landing = await follow(t.app, await mailLink(t.sink, user.email, '/api/auth/reset-password/'));
    const token = new URL(landing.headers.location as string).searchParams.get('token');
    for (const newPassword of ['12345', 'x'.repeat(31)]) {
      const response = await resetPasswordRequest(t.app, { newPassword, token });
      expect(response.statusCode).toBe(400);
      expect(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG']).toContain(response.json().code);
    }
  });

  test('400 for a malformed address; 429 after repeated requests from one address', async () => {
    const bad = await requestReset('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: 'Email_Format_Error' } });

    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset(uniqueEmail('spam'), ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('resending the verification mail (POST /v1/auth/verification/sendemail)', () => {
  function resend(payload: object, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/v1/auth/verification/sendemail',
      remoteAddress: nextIp(),
      headers,
      payload,
    });
  }

  test('sends a new working link to an unverified address; the same answer for unknown and verified ones', async () => {
    const email = uniqueEmail('resend');
    expect((await signUpRequest(t.app, { email })).statusCode).toBe(201);
    await t.sink.waitFor(sentTo(email));
    t.sink.clear();

    const forUnverified = await resend({ email, url: 'https://example.test', handle_code_in_app: false });
    const unknownEmail = uniqueEmail('ghost');
    const forUnknown = await resend({ email: unknownEmail });
    const verified = await t.user();
    const forVerified = await resend({ email: verified.email });
    for (const response of [forUnverified, forUnknown, forVerified]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'sent' });
    }

    const link = await mailLink(t.sink, email, '/api/auth/verify-email');
    expect((await follow(t.app, link)).statusCode).toBe(302);
    expect((await signInRequest(t.app, { email, password: 'secret-pass-1' })).statusCode).toBe(200);
    await expect(t.sink.waitFor(sentTo(unknownEmail), 1000)).rejects.toThrow(/No matching mail/);
  });

  test('429 after repeated requests from one address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/verification/sendemail',
        remoteAddress: ip,
        payload: { email: uniqueEmail('again') },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test('uses the signed-in user’s address when none is given; 400 when there is neither', async () => {
    const user = await t.user();
    expect((await resend({}, as(user, 'bearer'))).statusCode).toBe(200);
    const neither = await resend({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: 'Email_Error' } });
  });
});

describe('magic link', () => {
  test('the mailed link signs the user in and lands on the dashboard', async () => {
    const user = await t.user();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { email: user.email, callbackURL: 'https://evil.example/' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('INVALID_CALLBACK_URL');

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const link = await mailLink(t.sink, user.email, '/api/auth/magic-link/verify');
    expect(new URL(link).searchParams.get('callbackURL')).toBe('http://localhost:3000/dashboard');

    const landing = await follow(t.app, link);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('http://localhost:3000/dashboard');
    const cookie = cookieHeader(landing);
    expect(cookie).toContain('pet.session_token=');
    const me = await myInfo({ cookie, ...ORIGIN });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    // Used once: the second visit is sent back to sign-in with an error.
    const second = await follow(t.app, link);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('http://localhost:3000/signin?error=INVALID_TOKEN');
  });

  test('no mail, and no account, for an unknown address; the same answer', async () => {
    const email = uniqueEmail('magic-nobody');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    await expect(t.sink.waitFor(sentTo(email), 1000)).rejects.toThrow(/No matching mail/);
  });
});

describe('one-time token (app-embedded mode)', () => {
  test('a token the app generated gives the web a session cookie, once', async () => {
    const user = await t.user();
    // The mobile app, holding its bearer token, asks for a short-lived one-time token.
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/auth/one-time-token/generate',
      headers: as(user, 'bearer'),
    });
    expect(generated.statusCode).toBe(200);
    const { token } = generated.json<{ token: string }>();

    // The portal, opened with ?tokenA=<token>, exchanges it for its own cookie.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/one-time-token/verify',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieHeader(verified);
    expect(cookie).toContain('pet.session_token=');
    const me = await myInfo({ cookie, ...ORIGIN });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/one-time-token/verify',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { token },
    });
    expect(reused.statusCode).toBe(400);
  });

  test('without a session no token is handed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/one-time-token/generate' });
    expect(response.statusCode).toBe(401);
  });
});
