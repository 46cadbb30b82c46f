import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Password hashing for better-auth (`emailAndPassword.password`). better-auth's default scrypt cost is below
// OWASP's minimum for scrypt (N=2^17, r=8, p=1), so we hash with at least that. Every hash names its own
// parameters (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`, base64 without padding), so raising the cost later
// leaves existing hashes verifiable.

export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Parameters a stored hash may ask for: enough head-room to raise the cost, not enough to exhaust memory. */
const MAX_LOG2N = 20;
const MAX_R = 16;
const MAX_P = 4;

interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** scrypt needs 128 * N * r bytes; allow twice that so Node's estimate never refuses a valid cost. */
function options({ log2N, r, p }: ScryptParams): ScryptOptions {
  const N = 2 ** log2N;
  return { N, r, p, maxmem: 256 * N * r };
}

function derive(password: string, salt: Buffer, keyBytes: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on different keyboards (composed or decomposed umlauts) must match.
    scrypt(password.normalize('NFKC'), salt, keyBytes, options(params), (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return `$scrypt$ln=${params.log2N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

const HASH_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

/** The parameters and parts of a stored hash, or null when it is not one of ours or asks too much. */
export function parseHash(hash: string): ParsedHash | null {
  const match = HASH_PATTERN.exec(hash);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const parsed = {
    log2N: Number(ln),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt!, 'base64url'),
    key: Buffer.from(key!, 'base64url'),
  };
  const sane =
    parsed.log2N >= 10 &&
    parsed.log2N <= MAX_LOG2N &&
    parsed.r >= 1 &&
    parsed.r <= MAX_R &&
    parsed.p >= 1 &&
    parsed.p <= MAX_P &&
    parsed.salt.length >= 8 &&
    parsed.key.length >= 16;
  return sane ? parsed : null;
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
  const key = await derive(password, parsed.salt, parsed.key.length, parsed);
  // Same length by construction; timingSafeEqual compares without an early exit.
  return timingSafeEqual(key, parsed.key);
}
