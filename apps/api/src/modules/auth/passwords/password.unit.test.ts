import { describe, expect, test } from 'vitest';
import {
  SCRYPT_CHEAPER,
  SCRYPT_PRODUCTION,
  SCRYPT_UMLAUT,
} from '../../../../test/support/legacy-password-hashes.ts';
import { ARGON2_PARAMS, hashPassword, needsRehash, parseHash, verifyPassword } from './password.ts';

// A hash is expensive by design (tens of ms each, seconds on a busy two-core machine): room beyond 5 s.
describe('password hashing', { timeout: 20_000 }, () => {
  test('parameters meet OWASP’s argon2id minimum (m=19 MiB, t=2, p=1)', () => {
    expect(ARGON2_PARAMS.memoryKiB).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_PARAMS.passes).toBeGreaterThanOrEqual(2);
    expect(ARGON2_PARAMS.parallelism).toBeGreaterThanOrEqual(1);
  });

  test('a hash is a PHC string naming its parameters, has a random salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Correct horse 1'), hashPassword('Correct horse 1')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(a).not.toBe(b);
    const parsed = parseHash(a);
    expect(parsed).toMatchObject({ algorithm: 'argon2id', memoryKiB: 19_456, passes: 2, parallelism: 1 });
    expect(parsed!.salt).toHaveLength(16);
    expect(parsed!.key).toHaveLength(32);
    expect(needsRehash(a)).toBe(false);
    expect(await verifyPassword({ hash: a, password: 'Correct horse 1' })).toBe(true);
    expect(await verifyPassword({ hash: a, password: 'correct horse 1' })).toBe(false);
    expect(await verifyPassword({ hash: a, password: '' })).toBe(false);
  });

  test('reads the PHC strings other argon2 implementations write (the reference implementation’s vector)', async () => {
    // phc-winner-argon2: password "password", salt "somesalt", t=2, m=64 MiB, p=1.
    const reference =
      '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await verifyPassword({ hash: reference, password: 'password' })).toBe(true);
    expect(await verifyPassword({ hash: reference, password: 'Password' })).toBe(false);
  });

  test('composed and decomposed umlauts are the same password', async () => {
    const hash = await hashPassword('Passwört');
    expect(await verifyPassword({ hash, password: 'Passwo\u0308rt' })).toBe(true);
    expect(await verifyPassword({ hash: SCRYPT_UMLAUT, password: 'Passwo\u0308rt' })).toBe(true);
  });

  // The production-cost one (a second to verify) signs in in modules/auth/sessions/sessions.test.ts, which checks its
  // replacement too.
  test('scrypt hashes stored before argon2id still verify, and ask to be replaced', async () => {
    expect(parseHash(SCRYPT_PRODUCTION)).toMatchObject({ algorithm: 'scrypt', log2N: 17, r: 8, p: 1 });
    expect(await verifyPassword({ hash: SCRYPT_CHEAPER, password: 'old password' })).toBe(true);
    expect(await verifyPassword({ hash: SCRYPT_CHEAPER, password: 'old Password' })).toBe(false);
    expect(needsRehash(SCRYPT_PRODUCTION)).toBe(true);
    expect(needsRehash(SCRYPT_CHEAPER)).toBe(true);
  });

  test('an argon2id hash below today’s cost asks to be replaced; a stronger one does not', () => {
    const salt = 'c29tZXNhbHRzb21lc2FsdA';
    const key = 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
    expect(needsRehash(`$argon2id$v=19$m=4096,t=2,p=1$${salt}$${key}`)).toBe(true);
    expect(needsRehash(`$argon2id$v=19$m=19456,t=1,p=1$${salt}$${key}`)).toBe(true);
    expect(needsRehash(`$argon2id$v=19$m=65536,t=3,p=1$${salt}$${key}`)).toBe(false);
  });

  test('refuses malformed hashes and parameters that would exhaust memory or time', async () => {
    const salt = 'c29tZXNhbHRzb21lc2FsdA';
    const key = 'a2V5a2V5a2V5a2V5a2V5a2V5';
    for (const hash of [
      '',
      'abc:def',
      '$scrypt$ln=17,r=8,p=1$c2FsdA$',
      '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5',
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$`,
      `$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$a2V5`,
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=99,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=64$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=0,p=1$${salt}$${key}`,
      `$argon2id$v=16$m=19456,t=2,p=1$${salt}$${key}`,
      `$argon2i$v=19$m=19456,t=2,p=1$${salt}$${key}`,
      `$argon2d$v=19$m=19456,t=2,p=1$${salt}$${key}`,
    ]) {
      expect(parseHash(hash), hash).toBeNull();
      expect(await verifyPassword({ hash, password: 'anything' })).toBe(false);
    }
  });
});
