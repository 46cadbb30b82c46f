import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { follow, nextIp, signInRequest, signUpRequest, uniqueEmail } from '../../../test/support/accounts.ts';
import { issueNamedCode } from '../../../test/support/plans.ts';
import { linksIn, sentTo } from '../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { accounts, activationCodes, users } from '../../db/schema/index.ts';
import { parseHash } from './passwords/password.ts';

const t = useTestApp();

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

async function newCode(code: string) {
  await issueNamedCode(t.database, code);
}

async function codeRow(code: string) {
  const [row] = await t.database.db.select().from(activationCodes).where(eq(activationCodes.code, code));
  return row;
}

describe('POST /v1/auth/signup', () => {
  test('creates the account, stores the language and mails a working verification link', async () => {
    const email = uniqueEmail('new');
    const response = await signUpRequest(t.app, { email, name: 'Anna Tester', language: 'de' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), email });

    const user = await userByEmail(email);
    expect(user).toMatchObject({ id: body.id, name: 'Anna Tester', language: 'de', emailVerified: false });

    // Over real SMTP, in the user's language, branded, with a link to better-auth's verify endpoint.
    const mail = await t.sink.waitFor(sentTo(email));
    expect(mail.subject).toBe('Petention: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Anna Tester,');
    const link = linksIn(mail).find((l) => l.includes('/api/auth/verify-email'));
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get('callbackURL')).toBe('http://localhost:3000/signin?verified=1');

    // Signing in before verification is refused.
    const early = await signInRequest(t.app, { email, password: 'secret-pass-1' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const verified = await follow(t.app, link!);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('http://localhost:3000/signin?verified=1');
    expect((await userByEmail(email))?.emailVerified).toBe(true);

    const signedIn = await signInRequest(t.app, { email, password: 'secret-pass-1' });
    expect(signedIn.statusCode).toBe(200);
  });

  test('sends the English mail to an English user and escapes the name in HTML', async () => {
    const email = uniqueEmail('en');
    const response = await signUpRequest(t.app, { email, name: '<b>Bob</b> & Co', language: 'en' });
    expect(response.statusCode).toBe(201);
    const mail = await t.sink.waitFor(sentTo(email));
    expect(mail.subject).toBe('Petention: please confirm your e-mail address');
    expect(mail.html).toContain('Hello &lt;b&gt;Bob&lt;/b&gt; &amp; Co,');
    expect(mail.html).not.toContain('<b>Bob</b>');
    expect(mail.text).toContain('Hello <b>Bob</b> & Co,');
  });

  test('hashes the password with argon2id at or above OWASP minimum parameters', async () => {
    const email = uniqueEmail('hash');
    const response = await signUpRequest(t.app, { email });
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, response.json().id));
    expect(account?.providerId).toBe('credential');
    const parsed = parseHash(account!.password!);
    expect(parsed?.algorithm).toBe('argon2id');
    if (parsed?.algorithm !== 'argon2id') return;
    // OWASP Password Storage Cheat Sheet: argon2id m=19 MiB, t=2, p=1 at least.
    expect(parsed.memoryKiB).toBeGreaterThanOrEqual(19_456);
    expect(parsed.passes).toBeGreaterThanOrEqual(2);
    expect(parsed.parallelism).toBeGreaterThanOrEqual(1);
    expect(parsed.salt.length).toBeGreaterThanOrEqual(16);
    expect(account!.password).not.toContain('secret-pass-1');
  });

  test('answers 409 USER_EXISTS for a taken address, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await signUpRequest(t.app, { email })).statusCode).toBe(201);
    const again = await signUpRequest(t.app, { email: email.toUpperCase(), name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'USER_EXISTS', message: 'User_Already_Exists' });
    expect((await userByEmail(email))?.name).toBe('Test Owner');
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['name missing', { name: undefined }, 'name', 'Name_Error'],
    ['name too short', { name: 'Al' }, 'name', 'Name_Length_Error'],
    ['name too long', { name: 'A'.repeat(31) }, 'name', 'Name_Length_Error'],
    ['name only spaces', { name: '     ' }, 'name', 'Name_Error'],
    ['password missing', { password: undefined }, 'password', 'Password_Error'],
    ['password too short', { password: '12345' }, 'password', 'Password_Length_Error'],
    ['password too long', { password: 'p'.repeat(31) }, 'password', 'Max_Length_Error'],
    ['e-mail missing', { email: undefined }, 'email', 'Email_Error'],
    ['e-mail malformed', { email: 'not-an-address' }, 'email', 'Email_Format_Error'],
    ['language missing', { language: undefined }, 'language', 'Language_Error'],
    ['language unknown', { language: 'fr' }, 'language', 'Language_Error'],
  ];
  test.each(invalid)('400 VALIDATION_ERROR and nothing stored: %s', async (_case, change, field, key) => {
    const email = uniqueEmail('invalid');
    const payload = {
      name: 'Valid Name',
      email,
      password: 'secret-pass-1',
      language: 'en',
      activation_code: null,
      product_associated: false,
      ...change,
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      remoteAddress: nextIp(),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
    if (typeof payload.email === 'string') expect(await userByEmail(payload.email)).toBeUndefined();
  });

  test('accepts the boundaries: name of 3 and 30, password of 6 and 30 characters', async () => {
    // Six characters, and not one of the common passwords (common-passwords.ts refuses '123456').
    const short = await signUpRequest(t.app, { name: 'Abe', password: 'k7#qXz' });
    expect(short.statusCode).toBe(201);
    const long = await signUpRequest(t.app, { name: 'N'.repeat(30), password: 'p'.repeat(30) });
    expect(long.statusCode).toBe(201);
  });
});

describe('sign-up with an activation code', () => {
  test('redeems a valid code for the new account', async () => {
    await newCode('SIGNUPCODE0001');
    const email = uniqueEmail('code');
    const response = await signUpRequest(t.app, { email, activation_code: ' signupcode0001 ' });
    expect(response.statusCode).toBe(201);
    const row = await codeRow('SIGNUPCODE0001');
    expect(row?.redeemedBy).toBe(response.json().id);
    expect(row?.redeemedAt).toBeInstanceOf(Date);
  });

  test('433 for a code already redeemed, 470 for an unknown one; no account is made', async () => {
    await newCode('SIGNUPCODE0002');
    expect((await signUpRequest(t.app, { activation_code: 'SIGNUPCODE0002' })).statusCode).toBe(201);

    const email = uniqueEmail('redeemed');
    const again = await signUpRequest(t.app, { email, activation_code: 'SIGNUPCODE0002' });
    expect(again.statusCode).toBe(433);
    expect(again.json()).toEqual({ code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' });
    expect(await userByEmail(email)).toBeUndefined();

    const unknownEmail = uniqueEmail('unknown');
    const unknown = await signUpRequest(t.app, { email: unknownEmail, activation_code: 'NOSUCHCODE42' });
    expect(unknown.statusCode).toBe(470);
    expect(unknown.json()).toEqual({ code: 'CODE_INVALID', message: 'Wrong_Code_Text' });
    expect(await userByEmail(unknownEmail)).toBeUndefined();
  });

  test('a taken address leaves the code unredeemed', async () => {
    await newCode('SIGNUPCODE0003');
    const email = uniqueEmail('taken');
    expect((await signUpRequest(t.app, { email })).statusCode).toBe(201);
    const failed = await signUpRequest(t.app, { email, activation_code: 'SIGNUPCODE0003' });
    expect(failed.statusCode).toBe(409);
    expect((await codeRow('SIGNUPCODE0003'))?.redeemedAt).toBeNull();
  });

  test('account and redemption are one transaction: a failed redemption leaves no account and no mail', async () => {
    await newCode('SIGNUPCODE0004');
    // Make the database refuse this one redemption, after better-auth has created the account.
    await t.database.db.execute(
      sql`alter table activation_codes add constraint test_refuse_redeem check (code <> 'SIGNUPCODE0004' or redeemed_by is null)`,
    );
    try {
      const email = uniqueEmail('atomic');
      const response = await signUpRequest(t.app, { email, activation_code: 'SIGNUPCODE0004' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' });
      expect(await userByEmail(email)).toBeUndefined();
      expect((await codeRow('SIGNUPCODE0004'))?.redeemedAt).toBeNull();
      await expect(t.sink.waitFor(sentTo(email), 1500)).rejects.toThrow(/No matching mail/);
    } finally {
      await t.database.db.execute(sql`alter table activation_codes drop constraint test_refuse_redeem`);
    }
  });
});

describe('limits and disabled paths', () => {
  test('better-auth’s own sign-up endpoint is closed: accounts are made through /v1/auth/signup', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextIp(),
      payload: { name: 'Sneaky User', email: uniqueEmail('sneaky'), password: 'secret-pass-1' },
    });
    expect(response.statusCode).toBe(404);
  });

  test('429 RATE_LIMITED after repeated sign-ups from one address; other addresses go on', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Invalid payloads: the limit counts attempts, and these need no password hashing.
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        remoteAddress: ip,
        payload: { name: 'x' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // A client-sent X-Forwarded-For does not buy a new budget (TRUST_PROXY is off).
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { name: 'x' },
    });
    expect(spoofed.statusCode).toBe(429);
    expect((await signUpRequest(t.app, {})).statusCode).toBe(201);
  });
});
