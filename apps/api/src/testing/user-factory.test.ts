import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, signIn } from '../../test/support/accounts.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import { parseHash } from '../modules/auth/passwords/password.ts';
import { createUser } from './user-factory.ts';

const t = useTestApp();

const deps = () => t.app.ctx;

function myInfo(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers });
}

describe('createUser', () => {
  test('the cookie and the bearer token both authenticate, and the password signs in', async () => {
    const user = await createUser(deps(), { name: 'Fay Factory', language: 'de' });
    expect(user.cookie).toMatch(/^pet\.session_token=[^;]+$/);
    for (const via of ['cookie', 'bearer'] as const) {
      const response = await myInfo(as(user, via));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: user.id,
        name: 'Fay Factory',
        email: user.email,
        emailVerified: true,
        language: 'de',
        // As sign-up without a code: the brand's default plan.
        product: expect.objectContaining({ is_default: true }),
        stay_loggedin: true,
      });
    }
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account).toMatchObject({ providerId: 'credential', accountId: user.id });
    expect(parseHash(account!.password!)).toMatchObject({ algorithm: 'argon2id' });

    const signedIn = await signIn(t.app, user.email, user.password);
    expect((await myInfo(as(signedIn))).json()).toMatchObject({ id: user.id });
  });

  test('a plan, an address and a password of the caller’s choice', async () => {
    const user = await createUser(deps(), {
      email: 'Chosen-Factory@Example.test',
      password: 'another-pw-2',
      plan: 'premium',
    });
    expect(user.email).toBe('chosen-factory@example.test');
    const body = (await myInfo(as(user, 'bearer'))).json();
    expect(body).toMatchObject({
      email: user.email,
      product: expect.objectContaining({ is_default: false }),
    });
    expect(body.product_associated).toBe(true);
    expect((await signIn(t.app, user.email, 'another-pw-2')).token).toBeTruthy();
  });

  test('without "stay signed in": a short session, marked as such, and the don’t-remember cookie', async () => {
    const user = await createUser(deps(), { rememberMe: false });
    expect(user.cookie).toMatch(/^pet\.session_token=[^;]+; pet\.dont_remember=[^;]+$/);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.token, user.token));
    expect(session?.rememberMe).toBe(false);
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    const response = await myInfo(as(user, 'cookie'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stay_loggedin: false });
  });

  test('an unverified user’s session is refused as the API refuses any unverified account', async () => {
    const user = await createUser(deps(), { verified: false });
    const response = await myInfo(as(user, 'bearer'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});
