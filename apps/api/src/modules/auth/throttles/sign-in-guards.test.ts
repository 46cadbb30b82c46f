import { describe, expect, test } from 'vitest';
import {
  as,
  nextIp,
  resetPasswordRequest,
  resetToken,
  signInRequest,
  signUpRequest,
  uniqueEmail,
} from '../../../../test/support/accounts.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import { statementRecorder } from '../../../../test/support/statements.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { signInFailures } from '../../../db/schema/index.ts';
import { delayAfter, THROTTLE } from './sign-in-throttle.ts';

// The Auth suite of issue 9: the per-account throttle (found 5), the bounded hashing and the global sign-in
// limit (found 4), common passwords (found 7) and the development origin (found 3).

/** The app's clock, moved forward by the tests that wait out a delay. */
let skewMs = 0;
const t = useTestApp({ clock: () => new Date(Date.now() + skewMs) });

async function failuresRows() {
  return t.database.db.select().from(signInFailures);
}

describe('per-account throttle (ASVS 5.0 V6.3.1)', () => {
  test('30 wrong passwords for one account from 6 addresses: only the free ones are tried, the rest wait', async () => {
    const user = await t.user();
    const addresses = Array.from({ length: 6 }, () => nextIp());
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await signInRequest(
        t.app,
        { email: user.email, password: `wrong-guess-${i}` },
        addresses[i % 6],
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried).toBe(THROTTLE.freeFailures + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - tried);

    // Even the right password waits: the throttle answers before any password is checked.
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(429);
    // The owner is slowed down, not locked out: once the delay has passed, the right password works and clears
    // the count.
    skewMs += (delayAfter(tried) + 1) * 1000;
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await signInRequest(t.app, { email: user.email, password: 'wrong-again' })).statusCode).toBe(401);
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  test('the delay doubles and stays capped, so nobody can lock the owner out for long', () => {
    const delays = Array.from({ length: 20 }, (_, i) => delayAfter(i + 1));
    expect(delays.slice(0, THROTTLE.freeFailures)).toEqual(Array(THROTTLE.freeFailures).fill(0));
    expect(delays.slice(THROTTLE.freeFailures, THROTTLE.freeFailures + 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...delays)).toBe(THROTTLE.maxDelaySeconds);
    expect(delayAfter(10_000)).toBe(THROTTLE.maxDelaySeconds);
  });

  test('an address without an account is throttled the same way (the answers do not tell them apart)', async () => {
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.freeFailures + 2; i++) {
      statuses.push((await signInRequest(t.app, { email, password: `guess-${i}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(THROTTLE.freeFailures + 1).fill(401), 429]);
    // The table keeps a keyed hash, never the address.
    const rows = await failuresRows();
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  test('the owner gets one mail after 10 wrong passwords in a row, in their language', async () => {
    const user = await t.user({ language: 'de' });
    for (let i = 0; i < THROTTLE.alertAfter + 2; i++) {
      skewMs += THROTTLE.maxDelaySeconds * 1000 + 1000;
      expect((await signInRequest(t.app, { email: user.email, password: `nope-${i}` })).statusCode).toBe(401);
    }
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && (m.subject ?? '').includes('falsche Passwörter'),
    );
    expect(mail.subject).toBe('Petention: falsche Passwörter für Ihr Konto');
    expect(mail.text).toContain(`${THROTTLE.alertAfter}-mal`);
    expect(mail.text).toContain('http://localhost:3000/forgot-password');
    expect(mail.text).not.toContain('nope-');
    // One mail, not one per further failure.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sink.messages.filter((m) => sentTo(user.email)(m))).toHaveLength(1);
  });

  test('a password reset clears the count: the owner signs in at once with the new password', async () => {
    const user = await t.user();
    for (let i = 0; i < THROTTLE.freeFailures + 1; i++) {
      await signInRequest(t.app, { email: user.email, password: `nope-${i}` });
    }
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(429);

    const token = await resetToken(t.app, t.sink, user.email);
    const reset = await resetPasswordRequest(t.app, { newPassword: 'fresh-start-77', token });
    expect(reset.statusCode).toBe(200);
    expect((await signInRequest(t.app, { email: user.email, password: 'fresh-start-77' })).statusCode).toBe(
      200,
    );
  });
});

describe('common passwords are refused (ASVS 5.0 V6.2.4), the 6-30 characters rule stays', () => {
  test('at sign-up, in any case', async () => {
    for (const password of ['123456', 'password', 'qwerty123', 'PassWord', 'Iloveyou']) {
      const response = await signUpRequest(t.app, { password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Bad_Request_Text',
        fields: { password: 'Password_Common_Error' },
      });
    }
    expect((await signUpRequest(t.app, { password: 'k7#qXz' })).statusCode).toBe(201);
  });

  test('at password change and reset', async () => {
    const user = await t.user();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(user, 'cookie'),
      payload: { currentPassword: user.password, newPassword: 'Password1' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ fields: { password: 'Password_Common_Error' } });
    // Nothing changed: the old password still signs in.
    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(200);

    const reset = await resetPasswordRequest(t.app, { newPassword: 'qwerty123', token: 'any-token' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ fields: { password: 'Password_Common_Error' } });
  });
});

describe('bounded hashing: a full queue answers 503 with Retry-After, at once', () => {
  const busy = useTestApp({ env: { PASSWORD_HASH_QUEUE: '0' } });

  /** Takes every slot of the pool until the returned function is called. */
  async function occupyPool() {
    const pool = busy.app.ctx.hashPool;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: pool.concurrency }, () => pool.run(() => held));
    expect(pool.running).toBe(pool.concurrency);
    return async () => {
      release();
      await Promise.all(holders);
    };
  }

  test('with every core hashing and no queue left, sign-in answers 503 at once', async () => {
    const release = await occupyPool();
    try {
      const started = performance.now();
      const answer = await signInRequest(busy.app, { email: uniqueEmail('busy'), password: 'guess-it-x' });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Server_Busy_Text' });
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      await release();
    }
    // Once the cores are free again, sign-in is answered as usual.
    const user = await busy.user();
    expect((await signInRequest(busy.app, { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  test('a refused sign-in costs no statement: the pool refuses it at the door', async () => {
    const statementsOf = statementRecorder(busy.database);
    const release = await occupyPool();
    try {
      let answer: Awaited<ReturnType<typeof signInRequest>> | undefined;
      const statements = await statementsOf(async () => {
        answer = await signInRequest(busy.app, { email: uniqueEmail('door'), password: 'guess-it-x' });
      });
      expect(answer?.statusCode).toBe(503);
      // Not better-auth's limit, not the throttle, not the user lookup: a flood's refused attempts cost the
      // database nothing.
      expect(statements).toEqual([]);
    } finally {
      await release();
    }
  });

  test('sign-up through /v1 answers the same 503 and makes no account', async () => {
    const email = uniqueEmail('busy-signup');
    const release = await occupyPool();
    try {
      const answer = await signUpRequest(busy.app, { email, password: 'k7#qXz-long' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Server_Busy_Text' });
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      await release();
    }
    expect((await signUpRequest(busy.app, { email, password: 'k7#qXz-long' })).statusCode).toBe(201);
  });

  test('a flood of concurrent sign-ins: every one answered (401 or 503), none waits in a long line', async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signInRequest(busy.app, { email: uniqueEmail(`flood-${i}`), password: `guess-${i}-x` }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 503)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the development server’s origin (found 3)', () => {
  const DEV_ORIGIN = 'http://localhost:3001';

  async function writesFrom(app: typeof t, origin: string) {
    const user = await app.user();
    const modify = await app.app.inject({
      method: 'PUT',
      url: '/v1/auth/modify',
      headers: { cookie: user.cookie, origin },
      payload: { name: 'Changed Name' },
    });
    const signOut = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin },
    });
    return { modify: modify.statusCode, signOut: signOut.statusCode };
  }

  describe('under `npm start` (NODE_ENV unset, so its default, and no DEV_WEB_ORIGIN)', () => {
    const started = useTestApp({ env: { NODE_ENV: 'development' } });
    test('a cookie-authenticated write from localhost:PORT+1 or 127.0.0.1:PORT+1 is refused', async () => {
      expect(await writesFrom(started, DEV_ORIGIN)).toEqual({ modify: 403, signOut: 403 });
      expect(await writesFrom(started, 'http://127.0.0.1:3001')).toEqual({ modify: 403, signOut: 403 });
      // The portal's own origin still works.
      expect(await writesFrom(started, ORIGIN.origin)).toEqual({ modify: 200, signOut: 200 });
    });
  });

  describe('under `npm run dev` (scripts/dev.ts sets DEV_WEB_ORIGIN)', () => {
    const dev = useTestApp({ env: { NODE_ENV: 'development', DEV_WEB_ORIGIN: DEV_ORIGIN } });
    test('the dev server’s origin, by either loopback name, is trusted', async () => {
      expect(await writesFrom(dev, DEV_ORIGIN)).toEqual({ modify: 200, signOut: 200 });
      expect(await writesFrom(dev, 'http://127.0.0.1:3001')).toEqual({ modify: 200, signOut: 200 });
    });
  });
});
