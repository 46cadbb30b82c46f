import { readFileSync } from 'node:fs';

// ASVS 5.0 V6.2.4: a new password (sign-up, reset, change) must not be one of the most common ones. The list
// (common-passwords.txt, 10,000 entries) stays on the server: the web forms would carry about 80 kB for it,
// and they already show the server's field error (`Password_Common_Error`). Decision: docs/decisions/0006.

export const COMMON_PASSWORD_ERROR = 'Password_Common_Error';

const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

/** Case-insensitive, and the same for composed and decomposed characters (as the hash, password.ts). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize('NFKC').toLowerCase());
}
