import { SESSION_HINT_COOKIE } from '@pet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { cookieHeader, uniqueEmail } from '../../../test/support/accounts.ts';
import { issueCode, issueTrackers } from '../../../test/support/plans.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { EnvError, loadEnv } from '../../config/env.ts';
import { findCouponByCode } from '../coupons/coupons.repo.ts';
import { SEED_TOKEN_HEADER } from './e2e-seed.routes.ts';
import { seedTokenMatches } from './seed-token.ts';

// The e2e suite's seeding route must exist only where the suite turns it on, never in production, and
// answer only to its token; what it makes is a verified user the browser is signed in as.

const TOKEN = 'e2e-seed-token-for-these-tests-0123456789';

function seed(t: TestApp, headers: Record<string, string>, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/__test/users',
    headers,
    payload: {
      name: 'Seeded Owner',
      email: uniqueEmail('seeded'),
      password: 'secret-pass-1',
      language: 'de',
      ...payload,
    },
  });
}

function myInfo(t: TestApp, seeded: LightMyRequestResponse) {
  return t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: { cookie: cookieHeader(seeded) } });
}

describe('E2E_SEED_TOKEN', () => {
  test('is refused at start-up with NODE_ENV=production, without echoing it', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', E2E_SEED_TOKEN: TOKEN })).toThrow(
      new EnvError(
        'Invalid E2E_SEED_TOKEN: expected no value when NODE_ENV=production (it turns on test-only seeding routes)',
      ),
    );
    expect(() => loadEnv({ NODE_ENV: 'test', E2E_SEED_TOKEN: 'short' })).toThrow(
      'Invalid E2E_SEED_TOKEN: expected at least 32 characters',
    );
    expect(loadEnv({ NODE_ENV: 'test', E2E_SEED_TOKEN: TOKEN }).E2E_SEED_TOKEN).toBe(TOKEN);
    // Production needs SMTP_URL (env.ts, issue 9), its own secret and a payment provider named (issue 29), its
    // address (issue 30).
    expect(
      loadEnv({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.test',
        PUBLIC_URL: 'https://pets.example.test',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        PAYMENT_PROVIDER: 'sandbox',
      }).E2E_SEED_TOKEN,
    ).toBeUndefined();
  });

  test('is compared in constant time, whatever the lengths', () => {
    expect(seedTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(seedTokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(seedTokenMatches(TOKEN.replace(/.$/, 'x'), TOKEN)).toBe(false);
    expect(seedTokenMatches('', TOKEN)).toBe(false);
    expect(seedTokenMatches(undefined, TOKEN)).toBe(false);
    expect(seedTokenMatches([TOKEN], TOKEN)).toBe(false);
  });
});

describe('POST /__test/users without E2E_SEED_TOKEN', () => {
  const t = useTestApp();

  test('does not exist: 404, even with a token', async () => {
    const response = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /__test/users with E2E_SEED_TOKEN', () => {
  const t = useTestApp({ env: { E2E_SEED_TOKEN: TOKEN } });

  test('answers 404, as if it did not exist, without the token or with a wrong one', async () => {
    const refused: Record<string, string>[] = [
      {},
      { [SEED_TOKEN_HEADER]: 'wrong' },
      { [SEED_TOKEN_HEADER]: `${TOKEN}x` },
    ];
    for (const headers of refused) {
      const response = await seed(t, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  test('with the token: a verified user on the default plan, and the browser signed in as them', async () => {
    const email = uniqueEmail('seeded');
    const response = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { email, name: 'Erika Mustermann' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), email });
    // The session cookie, and the signed-in hint the web app reads (session-hint.ts), both for this browser session.
    expect(response.headers['set-cookie']).toEqual([
      expect.stringMatching(/^pet\.session_token=.*HttpOnly; SameSite=Lax$/),
      `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax`,
    ]);

    const me = await myInfo(t, response);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: response.json().id,
      name: 'Erika Mustermann',
      email,
      emailVerified: true,
      language: 'de',
      product: { name: 'Free' },
      product_associated: false,
      activation_code_type: null,
    });
  });

  test('gives the product `gift_plan` names as a redeemed gift: a gift membership with an end', async () => {
    const response = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { gift_plan: 'premium' });
    expect(response.statusCode).toBe(201);
    const me = (await myInfo(t, response)).json();
    expect(me).toMatchObject({ product: { name: 'Premium' }, is_gift: true, activation_code_type: 'gift' });

    const unknown = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { gift_plan: 'no-such-plan' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ gift_plan: 'Unknown' });
  });
});

describe('POST /__test/plan with E2E_SEED_TOKEN', () => {
  const t = useTestApp({ env: { E2E_SEED_TOKEN: TOKEN } });
  const putOn = (headers: Record<string, string>, plan: string) =>
    t.app.inject({ method: 'POST', url: '/__test/plan', headers, payload: { plan } });

  test('puts the signed-in user on the product `plan` names, only with the token and a session', async () => {
    const seeded = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { plan: 'premium' });
    const cookie = cookieHeader(seeded);
    expect((await myInfo(t, seeded)).json()).toMatchObject({ product: { name: 'Premium' } });

    expect((await putOn({ cookie }, 'free')).statusCode).toBe(404);
    expect((await putOn({ [SEED_TOKEN_HEADER]: TOKEN }, 'free')).statusCode).toBe(401);
    const unknown = await putOn({ [SEED_TOKEN_HEADER]: TOKEN, cookie }, 'no-such-plan');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ plan: 'Unknown' });
    expect((await myInfo(t, seeded)).json()).toMatchObject({ product: { name: 'Premium' } });

    const moved = await putOn({ [SEED_TOKEN_HEADER]: TOKEN, cookie }, 'free');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ product_id: expect.any(String), key: 'free' });
    expect((await myInfo(t, seeded)).json()).toMatchObject({
      product: { name: 'Free', documents_limit: 5 },
      product_associated: false,
    });
  });
});

describe('POST /__test/coupons with E2E_SEED_TOKEN', () => {
  const t = useTestApp({ env: { E2E_SEED_TOKEN: TOKEN } });
  const coupon = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/__test/coupons', headers, payload });

  test('issues a coupon of the brand for every product, only with the token, each code once', async () => {
    const code = `E2E${process.pid}SEED`;
    expect((await coupon({}, { code, percent_off: 10 })).statusCode).toBe(404);
    expect(await findCouponByCode(t.database.db, 'petention', code)).toBeUndefined();

    const made = await coupon({ [SEED_TOKEN_HEADER]: TOKEN }, { code, percent_off: 10 });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: expect.any(String), code });
    expect(await findCouponByCode(t.database.db, 'petention', code)).toMatchObject({
      id: made.json().id,
      percentOff: 10,
      amountOffCents: null,
      productIds: [],
      customerScope: 'all',
    });

    const again = await coupon({ [SEED_TOKEN_HEADER]: TOKEN }, { code, amount_off_cents: 500 });
    expect(again.statusCode).toBe(409);
    const both = await coupon(
      { [SEED_TOKEN_HEADER]: TOKEN },
      { code: `${code}2`, percent_off: 5, amount_off_cents: 5 },
    );
    expect(both.statusCode).toBe(400);
  });
});

describe('POST /__test/users on a tracker brand', () => {
  const t = useTestApp({ brand: 'tier-fritz', env: { E2E_SEED_TOKEN: TOKEN } });

  test('redeems the activation code and registers the tracker, as a sign-up with them does', async () => {
    const [tracker] = await issueTrackers(t.database, 1);
    const code = await issueCode(t.database, { brand: 'tier-fritz', product: 'basis-12' });
    const response = await seed(
      t,
      { [SEED_TOKEN_HEADER]: TOKEN },
      { activation_code: code, tracker_ids: [tracker] },
    );
    expect(response.statusCode).toBe(201);
    const me = (await myInfo(t, response)).json();
    expect(me).toMatchObject({
      product: { name: 'BASIS 12' },
      product_associated: true,
      tracker_ids: [tracker],
    });
    expect(me.activation_code_type).not.toBeNull();

    // The code is used now.
    const again = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { activation_code: code });
    expect(again.statusCode).toBe(477);
  });

  test('puts the user straight on the product `plan` names, without a code', async () => {
    const response = await seed(t, { [SEED_TOKEN_HEADER]: TOKEN }, { plan: 'basis-12' });
    expect(response.statusCode).toBe(201);
    const me = (await myInfo(t, response)).json();
    expect(me).toMatchObject({ product: { name: 'BASIS 12' }, activation_code_type: null });
  });
});
