import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, nextIp, signIn, signInRequest } from '../../../../test/support/accounts.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { accounts, sessions } from '../../../db/schema/index.ts';

// POST /v1/auth/password/change (issue 15): the old password re-authenticates, the new one replaces it, every
// other session ends and this one stays, and the owner is told by mail in their language.

const t = useTestApp();
const URL = '/v1/auth/password/change';
const NEW_PASSWORD = 'fresh-kennel-42';

function change(headers: Record<string, string>, payload: unknown, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object, remoteAddress: ip });
}

function myInfo(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers });
}

async function storedHash(userId: string) {
  const [row] = await t.database.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row?.password;
}

async function sessionCount(userId: string) {
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('POST /v1/auth/password/change', () => {
  test('every rule of the form is enforced with the offending field, and nothing changes', async () => {
    const user = await t.user();
    const before = await storedHash(user.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { oldpassword: 'Password_Error', newpassword: 'Password_Error' }],
      [
        { oldpassword: '', newpassword: '' },
        { oldpassword: 'Password_Error', newpassword: 'Password_Error' },
      ],
      [{ oldpassword: user.password, newpassword: '12345' }, { newpassword: 'Password_Length_Error' }],
      [{ oldpassword: user.password, newpassword: 'x'.repeat(31) }, { newpassword: 'Max_Length_Error' }],
      [{ oldpassword: 'x'.repeat(31), newpassword: NEW_PASSWORD }, { oldpassword: 'Max_Length_Error' }],
      [{ oldpassword: 'abcde', newpassword: NEW_PASSWORD }, { oldpassword: 'Password_Length_Error' }],
      [{ oldpassword: user.password, newpassword: 'password1' }, { newpassword: 'Password_Common_Error' }],
    ];
    for (const [payload, fields] of cases) {
      const refused = await change(as(user), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json(), JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    }
    expect(await storedHash(user.id)).toBe(before);
  });

  test('a wrong old password answers Invalid_Password_Text on oldpassword and changes nothing', async () => {
    const user = await t.user();
    const other = await signIn(t.app, user.email, user.password);
    const before = await storedHash(user.id);
    const refused = await change(as(user), { oldpassword: 'not-my-password', newpassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Bad_Request_Text',
      fields: { oldpassword: 'Invalid_Password_Text' },
    });
    expect(await storedHash(user.id)).toBe(before);
    expect((await myInfo(as(other, 'bearer'))).statusCode).toBe(200);
    expect((await signInRequest(t.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(401);
    await expect(t.sink.waitFor(sentTo(user.email), 500)).rejects.toThrow(/No matching mail/);
  });

  test('success ends every other session, keeps this one, and the new password signs in', async () => {
    const user = await t.user();
    const phone = await signIn(t.app, user.email, user.password);
    const tablet = await signIn(t.app, user.email, user.password);
    expect(await sessionCount(user.id)).toBe(3);

    const changed = await change(as(user), { oldpassword: user.password, newpassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'changed' });
    // The same session goes on: no new cookie is handed out, the old one still works.
    expect(changed.headers['set-cookie']).toBeUndefined();
    expect((await myInfo(as(user))).statusCode).toBe(200);
    expect((await myInfo(as(user, 'bearer'))).statusCode).toBe(200);
    expect((await myInfo(as(phone, 'bearer'))).statusCode).toBe(401);
    expect((await myInfo(as(tablet))).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);

    expect((await signInRequest(t.app, { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await signInRequest(t.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  test('with a bearer token too: the token stays valid, a browser session of the same user ends', async () => {
    const user = await t.user();
    const browser = await signIn(t.app, user.email, user.password);
    const changed = await change(as(user, 'bearer'), {
      oldpassword: user.password,
      newpassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await myInfo(as(user, 'bearer'))).statusCode).toBe(200);
    expect((await myInfo(as(browser))).statusCode).toBe(401);
  });

  test.each([
    ['en', 'Petention: your password was changed', 'has just been changed'],
    ['de', 'Petention: Ihr Passwort wurde geändert', 'wurde soeben geändert'],
  ] as const)(
    'a mail in the owner’s language (%s) says so, without the password',
    async (language, subject, says) => {
      const user = await t.user({ language });
      const changed = await change(as(user), { oldpassword: user.password, newpassword: NEW_PASSWORD });
      expect(changed.statusCode).toBe(200);
      const mail = await t.sink.waitFor(sentTo(user.email));
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(says);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.text).toContain('/forgot-password');
      for (const body of [mail.text ?? '', String(mail.html)]) {
        expect(body).not.toContain(NEW_PASSWORD);
        expect(body).not.toContain(user.password);
      }
    },
  );

  test('without a session: 401', async () => {
    const refused = await change({}, { oldpassword: 'secret-pass-1', newpassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('is rate-limited per address: the sixth try within ten minutes answers 429', async () => {
    const user = await t.user();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await change(as(user), { oldpassword: `wrong-${i}-pass`, newpassword: NEW_PASSWORD }, ip))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await change(as(user), { oldpassword: user.password, newpassword: NEW_PASSWORD }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
