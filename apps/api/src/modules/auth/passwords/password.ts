import { argon2, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Password hashing for better-auth (`emailAndPassword.password`). New hashes are argon2id (OWASP's first
// choice) at OWASP's minimum, m=19 MiB, t=2, p=1: about 40 ms a hash on the project's machines, against
// about 800 ms for scrypt at OWASP's equal-strength minimum (N=2^17), which the portal used before.
// Every hash names its own parameters, so raising the cost later leaves existing hashes verifiable:
//   argon2id: the standard PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>` (base64 without padding)
//   scrypt:   `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64url), still verified; a successful sign-in
//             replaces it with an argon2id hash (`needsRehash`, better-auth.ts).
// Both derive from the NFKC form: the same password typed on different keyboards (composed or decomposed
// umlauts) must match.

/** OWASP Password Storage Cheat Sheet, argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memoryKiB: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** What a stored hash may ask for: head-room to raise the cost, not enough to exhaust memory or time. */
const ARGON2_MAX = { memoryKiB: 256 * 1024, passes: 10, parallelism: 4 } as const;
const SCRYPT_MAX = { log2N: 20, r: 16, p: 4 } as const;
const SALT_LENGTH = { min: 8, max: 64 } as const;
const KEY_LENGTH = { min: 16, max: 64 } as const;

interface Argon2Params {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

export type ParsedHash =
  | ({ algorithm: 'argon2id'; salt: Buffer; key: Buffer } & Argon2Params)
  | ({ algorithm: 'scrypt'; salt: Buffer; key: Buffer } & ScryptParams);

function deriveArgon2(
  password: string,
  salt: Buffer,
  keyBytes: number,
  params: Argon2Params,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: password.normalize('NFKC'),
        nonce: salt,
        tagLength: keyBytes,
        memory: params.memoryKiB,
        passes: params.passes,
        parallelism: params.parallelism,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** scrypt needs 128 * N * r bytes; allow twice that so Node's estimate never refuses a valid cost. */
function scryptOptions({ log2N, r, p }: ScryptParams): ScryptOptions {
  const N = 2 ** log2N;
  return { N, r, p, maxmem: 256 * N * r };
}

function deriveScrypt(
  password: string,
  salt: Buffer,
  keyBytes: number,
  params: ScryptParams,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyBytes, scryptOptions(params), (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** PHC strings use standard base64 without padding. */
function phcBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

export async function hashPassword(password: string): Promise<string> {
  const { memoryKiB, passes, parallelism } = ARGON2_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveArgon2(password, salt, KEY_BYTES, ARGON2_PARAMS);
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${parallelism}$${phcBase64(salt)}$${phcBase64(key)}`;
}

const ARGON2_PATTERN =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
const SCRYPT_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

function within(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}

function saneParts(salt: Buffer, key: Buffer): boolean {
  return (
    within(salt.length, SALT_LENGTH.min, SALT_LENGTH.max) &&
    within(key.length, KEY_LENGTH.min, KEY_LENGTH.max)
  );
}

function parseArgon2(match: RegExpExecArray): ParsedHash | null {
  const [, m, t, p, salt, key] = match;
  const parsed = {
    algorithm: 'argon2id' as const,
    memoryKiB: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt!, 'base64'),
    key: Buffer.from(key!, 'base64'),
  };
  const sane =
    within(parsed.parallelism, 1, ARGON2_MAX.parallelism) &&
    // argon2 itself needs 8 KiB per lane.
    within(parsed.memoryKiB, 8 * parsed.parallelism, ARGON2_MAX.memoryKiB) &&
    within(parsed.passes, 1, ARGON2_MAX.passes) &&
    saneParts(parsed.salt, parsed.key);
  return sane ? parsed : null;
}

function parseScrypt(match: RegExpExecArray): ParsedHash | null {
  const [, ln, r, p, salt, key] = match;
  const parsed = {
    algorithm: 'scrypt' as const,
    log2N: Number(ln),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt!, 'base64url'),
    key: Buffer.from(key!, 'base64url'),
  };
  const sane =
    within(parsed.log2N, 10, SCRYPT_MAX.log2N) &&
    within(parsed.r, 1, SCRYPT_MAX.r) &&
    within(parsed.p, 1, SCRYPT_MAX.p) &&
    saneParts(parsed.salt, parsed.key);
  return sane ? parsed : null;
}

/** The parameters and parts of a stored hash, or null when it is not one of ours or asks too much. */
export function parseHash(hash: string): ParsedHash | null {
  const argon2Match = ARGON2_PATTERN.exec(hash);
  if (argon2Match) return parseArgon2(argon2Match);
  const scryptMatch = SCRYPT_PATTERN.exec(hash);
  return scryptMatch ? parseScrypt(scryptMatch) : null;
}

/** Whether a stored hash should be replaced by a new one: any scrypt hash, or argon2id below today's cost. */
export function needsRehash(hash: string): boolean {
  const parsed = parseHash(hash);
  if (parsed?.algorithm !== 'argon2id') return true;
  return (
    parsed.memoryKiB < ARGON2_PARAMS.memoryKiB ||
    parsed.passes < ARGON2_PARAMS.passes ||
    parsed.parallelism < ARGON2_PARAMS.parallelism ||
    parsed.key.length < KEY_BYTES
  );
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const key =
    parsed.algorithm === 'argon2id'
      ? await deriveArgon2(password, parsed.salt, parsed.key.length, parsed)
      : await deriveScrypt(password, parsed.salt, parsed.key.length, parsed);
  // Same length by construction; timingSafeEqual compares without an early exit.
  return timingSafeEqual(key, parsed.key);
}
