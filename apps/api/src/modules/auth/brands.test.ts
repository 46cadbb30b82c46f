import { describe, expect, test } from 'vitest';
import { as, nextIp, signUpAndVerify } from '../../../test/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../test/support/test-app.ts';

describe('hunde-schutz: a user without a product is held on activate-product', () => {
  const t = useTestApp({ brand: 'hunde-schutz' });

  test('POST /v1/auth/verifyemail answers a message containing "default"', async () => {
    const user = await t.user();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verifyemail',
      headers: as(user, 'bearer'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('default');
  });

  test('mails carry the brand’s name', async () => {
    const user = await signUpAndVerify(t);
    const mail = t.sink.messages.find((m) => m.envelope.to.includes(user.email));
    expect(mail?.subject).toBe('Hunde-Schutz: please confirm your e-mail address');
  });
});

describe('Google sign-in, when configured', () => {
  const t = useTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
    },
  });

  test('GET /v1/config says so, and sign-in/social starts the Google flow', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(config.json()).toEqual({
      brand: 'petention',
      google: true,
      payments: { provider: 'sandbox', publishable_key: null },
      test_payments: false,
    });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { provider: 'google', callbackURL: '/dashboard' },
    });
    expect(started.statusCode).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(new URL(url).hostname).toBe('accounts.google.com');
    expect(new URL(url).searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com');
  });
});
