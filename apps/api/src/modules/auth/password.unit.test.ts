import { describe, expect, test } from 'vitest';
import { hashPassword, parseHash, SCRYPT_PARAMS, verifyPassword } from './password.ts';

describe('password hashing', () => {
  test('defaults meet OWASP’s scrypt minimum (N=2^17, r=8, p=1)', () => {
    expect(SCRYPT_PARAMS.log2N).toBeGreaterThanOrEqual(17);
    expect(SCRYPT_PARAMS.r).toBeGreaterThanOrEqual(8);
    expect(SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(1);
  });

  test('a hash names its parameters, has a random salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Correct horse 1'), hashPassword('Correct horse 1')]);
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(parseHash(a)).toMatchObject({ log2N: 17, r: 8, p: 1 });
    expect(parseHash(a)!.salt).toHaveLength(16);
    expect(parseHash(a)!.key).toHaveLength(64);
    expect(await verifyPassword({ hash: a, password: 'Correct horse 1' })).toBe(true);
    expect(await verifyPassword({ hash: a, password: 'correct horse 1' })).toBe(false);
    expect(await verifyPassword({ hash: a, password: '' })).toBe(false);
  });

  test('hashes made with other parameters stay verifiable (the cost can be raised later)', async () => {
    const cheaper = await hashPassword('old password', { log2N: 14, r: 8, p: 1 });
    expect(cheaper).toContain('$ln=14,r=8,p=1$');
    expect(await verifyPassword({ hash: cheaper, password: 'old password' })).toBe(true);
  });

  test('composed and decomposed umlauts are the same password', async () => {
    const hash = await hashPassword('Passwört', { log2N: 12, r: 8, p: 1 });
    expect(await verifyPassword({ hash, password: 'Passwo\u0308rt' })).toBe(true);
  });

  test('refuses malformed hashes and parameters that would exhaust memory', async () => {
    for (const hash of [
      '',
      'abc:def',
      '$scrypt$ln=17,r=8,p=1$c2FsdA$',
      '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5',
      '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$a2V5',
    ]) {
      expect(parseHash(hash)).toBeNull();
      expect(await verifyPassword({ hash, password: 'anything' })).toBe(false);
    }
  });
});
