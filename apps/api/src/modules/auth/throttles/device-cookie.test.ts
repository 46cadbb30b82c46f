import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { nextIp, resetToken, uniqueEmail } from '../../../../test/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from './device-cookie.ts';
import { THROTTLE } from './sign-in-throttle.ts';

// Nobody can take sign-in away (issue 29, decision 0016): there is no limit on all sign-ins together, and a
// browser an owner signed in from before keeps signing in while strangers guess the owner's password from
// everywhere (OWASP's device cookie): the throttle their guesses set off is for the others.

/** The app's clock stands still: a throttle's wait never runs out in the middle of a test on a busy machine. */
const NOW = new Date();
const t = useTestApp({ clock: () => NOW });

/** A browser: the device cookie it keeps (if any) goes with every sign-in. */
function signIn(body: { email: string; password: string }, options: { device?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...ORIGIN, ...(options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {}) },
    payload: body,
  });
}

function deviceCookieOf(response: LightMyRequestResponse): { value: string; attributes: string } | undefined {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookie = list.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) return undefined;
  const [pair = '', ...attributes] = cookie.split('; ');
  return { value: pair.slice(DEVICE_COOKIE.length + 1), attributes: attributes.join('; ') };
}

/** Wrong passwords for the account from ever new addresses until the throttle answers 429. */
async function guessUntilThrottled(email: string) {
  for (let i = 0; i < THROTTLE.freeFailures + 2; i++) await signIn({ email, password: `guess-${i}-wrong` });
  expect((await signIn({ email, password: 'guess-again-wrong' })).statusCode).toBe(429);
}

describe('the device cookie', () => {
  test('a sign-in leaves one: HttpOnly, for the sign-in call only, a year, naming no address', async () => {
    const user = await t.user();
    const answer = await signIn({ email: user.email, password: user.password });
    expect(answer.statusCode).toBe(200);
    const cookie = deviceCookieOf(answer);
    expect(cookie?.attributes).toBe(`Path=${DEVICE_COOKIE_PATH}; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    expect(cookie?.value).not.toContain(user.email.split('@')[0]);
    // A wrong password leaves none.
    expect(deviceCookieOf(await signIn({ email: user.email, password: 'not-the-password' }))).toBeUndefined();
  });

  test('strangers guessing the owner’s password throttle everyone but the owner’s known browser', async () => {
    const owner = await t.user();
    const device = deviceCookieOf(await signIn({ email: owner.email, password: owner.password }))!.value;
    await guessUntilThrottled(owner.email);

    // The owner's browser: signed in at once, with a new cookie.
    const known = await signIn({ email: owner.email, password: owner.password }, { device });
    expect(known.statusCode).toBe(200);
    expect(deviceCookieOf(known)?.value).toBeTruthy();

    // The account's throttle goes on: the owner signing in gives the strangers no fresh guesses.
    expect((await signIn({ email: owner.email, password: 'guess-after-owner-wrong' })).statusCode).toBe(429);
    // A fresh browser with the right password waits like the strangers (the throttle checks no password).
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
    // Another account's cookie, or a forged one, makes nobody known.
    const other = await t.user();
    const otherDevice = deviceCookieOf(await signIn({ email: other.email, password: other.password }))!.value;
    expect(
      (await signIn({ email: owner.email, password: owner.password }, { device: otherDevice })).statusCode,
    ).toBe(429);
    const [id, nonce] = device.split('.');
    const forged = `${id}.${nonce}.${'A'.repeat(43)}`;
    expect(
      (await signIn({ email: owner.email, password: owner.password }, { device: forged })).statusCode,
    ).toBe(429);
    expect((await signIn({ email: owner.email, password: owner.password }, { device })).statusCode).toBe(200);
  });

  test('the known browser’s own wrong passwords count against its cookie, not the account', async () => {
    const owner = await t.user();
    const device = deviceCookieOf(await signIn({ email: owner.email, password: owner.password }))!.value;
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.freeFailures + 1; i++) {
      statuses.push(
        (await signIn({ email: owner.email, password: `typo-${i}-wrong` }, { device })).statusCode,
      );
    }
    expect(statuses).toEqual(Array(THROTTLE.freeFailures + 1).fill(401));
    // The cookie is throttled now, so it is no longer known: a stolen cookie guesses no faster than anyone.
    // The account was not: another browser signs in at once.
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(200);
  });
});

describe('no limit on all sign-ins together', () => {
  test('40 wrong sign-ins from 40 networks, then another user and the owner sign in at once', async () => {
    const owner = await t.user();
    const user = await t.user();
    const device = deviceCookieOf(await signIn({ email: owner.email, password: owner.password }))!.value;
    for (let i = 0; i < 40; i++) {
      const answer = await signIn(
        { email: uniqueEmail(`flood-${i}`), password: `guess-${i}-wrong` },
        { ip: `172.${16 + (i % 16)}.${i}.9` },
      );
      expect(answer.statusCode).toBe(401);
    }
    expect(
      (await signIn({ email: user.email, password: user.password }, { ip: '192.0.2.44' })).statusCode,
    ).toBe(200);
    expect((await signIn({ email: owner.email, password: owner.password }, { device })).statusCode).toBe(200);
  });
});

describe('while every hashing core is busy and no unknown attempt may wait', () => {
  const busy = useTestApp({ env: { PASSWORD_HASH_QUEUE: '0' } });

  test('a stranger’s sign-in is refused at once; the owner’s known browser and a password reset wait their turn', async () => {
    const owner = await busy.user();
    const first = await busy.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: ORIGIN,
      payload: { email: owner.email, password: owner.password },
    });
    const device = deviceCookieOf(first)!.value;
    const token = await resetToken(busy.app, busy.sink, owner.email);

    // Every slot of the pool taken, as a flood would.
    const pool = busy.app.ctx.hashPool;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: pool.concurrency }, () => pool.run(() => held));
    const post = (path: string, payload: object, cookie?: string) =>
      busy.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        remoteAddress: nextIp(),
        headers: { ...ORIGIN, ...(cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {}) },
        payload,
      });
    const stranger = await post('/sign-in/email', { email: owner.email, password: owner.password });
    expect(stranger.statusCode).toBe(503);
    const known = post('/sign-in/email', { email: owner.email, password: owner.password }, device);
    const reset = post('/reset-password', { newPassword: 'fresh-start-77', token });
    // Both reach the pool and wait there (on a busy machine that takes a moment).
    await expect.poll(() => pool.waiting, { timeout: 10_000 }).toBe(2);
    release();
    await Promise.all(holders);
    expect((await known).statusCode).toBe(200);
    expect((await reset).statusCode).toBe(200);
  });
});
