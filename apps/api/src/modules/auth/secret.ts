import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../../config/env.ts';

// better-auth signs cookies and tokens with this secret. AUTH_SECRET wins; without it a random secret is
// made once and kept in DATA_DIR/auth-secret (readable by the owner only), so sessions survive restarts on
// a machine where nobody configured one.

export const AUTH_SECRET_FILE = 'auth-secret';
const MIN_LENGTH = 32;

export function loadAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(env.DATA_DIR, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': never overwrite a secret another process wrote a moment ago.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = readSecret(file);
    if (written) return written;
    throw new Error(`${file} exists but holds no usable secret (at least ${MIN_LENGTH} characters)`);
  }
  // The umask can strip bits from `mode` but never add them; chmod makes the result exact.
  chmodSync(file, 0o600);
  return secret;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} holds no usable secret (at least ${MIN_LENGTH} characters); delete it to make a new one`,
    );
  }
  return secret;
}
