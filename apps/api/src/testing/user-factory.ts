import { randomBytes } from 'node:crypto';
import type { Language } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords/password.ts';
import { signedCookieValue } from '../modules/auth/sessions/cookie-signature.ts';
import { shortSessionExpiry } from '../modules/auth/sessions/session-hooks.ts';
import { assignDefaultPlan, setUserProduct } from '../modules/plans/membership.service.ts';
import { findProductByRef } from '../modules/plans/products.repo.ts';
import type { AppContext } from '../plugins/app-context.ts';

// Signed-in users for tests, without the sign-up, mail and sign-in round trip: the rows sign-up writes (user,
// credential account with an argon2id hash, membership) and the session sign-in writes, through better-auth's
// internal adapter and the plans module. The answer carries what a client holds after signing in: the
// browser's Cookie header (better-auth's signed session cookie) and the bearer token. The API tests use it,
// and so may a test-only seeding route for the browser tests. Tests of sign-up, verification, sign-in and
// mail keep the real flow (test/accounts.ts).

export type UserFactoryDeps = Pick<AppContext, 'db' | 'brand' | 'auth'>;

export interface CreateUserOptions {
  email?: string;
  name?: string;
  password?: string;
  language?: Language;
  /** Product key of the brand's catalogue (free, basic, premium, ...), set as the operator's CLI does; the
   * brand's default plan otherwise, as sign-up without a code gives. */
  plan?: string;
  /** Whether the address counts as verified (default true). An unverified user still gets a session here,
   * which the API answers with 403 EMAIL_NOT_VERIFIED (sign-in itself would refuse one). */
  verified?: boolean;
  /** "Stay signed in" at sign-in (default true); off: a one-day session and a browser-session cookie. */
  rememberMe?: boolean;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header of the signed-in browser. */
  cookie: string;
  /** The session token, for `Authorization: Bearer`. */
  token: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/** A cookie as better-call signs it: `<value>.<base64 HMAC-SHA256 with the auth secret>`, percent-encoded. */
function signedCookie(name: string, value: string, secret: string): string {
  return `${name}=${encodeURIComponent(signedCookieValue(value, secret))}`;
}

async function putOnPlan(deps: UserFactoryDeps, userId: string, plan: string | undefined): Promise<void> {
  const { brand, db } = deps;
  if (plan === undefined) return assignDefaultPlan(db, brand, userId);
  const product = await findProductByRef(db, brand.partnerId, plan);
  if (!product) throw new Error(`no product ${plan} for ${brand.id}`);
  await setUserProduct(db, userId, product);
}

/**
 * One stored hash per password for every user the factory makes. An argon2id hash costs about 40 ms of CPU,
 * and the test suites make well over a thousand users with the same few passwords: hashed anew, that was
 * some 20 CPU-seconds of each API stage (386 -> 363 measured). A salt shared between test accounts weakens nothing that matters; sign-in still
 * verifies the real hash. Kept per process, for the factory only (never loaded in production: e2e-seed).
 */
const storedHashes = new Map<string, Promise<string>>();

function storedHashOf(password: string): Promise<string> {
  let hash = storedHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    // A failed hash is not kept: the next user tries again.
    hash.catch(() => storedHashes.delete(password));
    storedHashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  deps: UserFactoryDeps,
  options: CreateUserOptions = {},
): Promise<CreatedUser> {
  const context = await deps.auth.$context;
  const adapter = context.internalAdapter;
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const name = options.name ?? 'Test Owner';
  const password = options.password ?? 'secret-pass-1';
  const rememberMe = options.rememberMe ?? true;

  const user = await adapter.createUser(
    { name, email, emailVerified: options.verified ?? true, language: options.language ?? 'en' },
    { method: 'email-password' },
  );
  // What better-auth's sign-up writes for an e-mail and password account.
  await adapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await storedHashOf(password),
  });
  await putOnPlan(deps, user.id, options.plan);

  // What sign-in writes; modules/auth/sessions/session-hooks.ts does the "stay signed in" part there, from the request.
  const session = rememberMe
    ? await adapter.createSession(user.id, false)
    : await adapter.createSession(
        user.id,
        true,
        { rememberMe: false, expiresAt: shortSessionExpiry() },
        true,
      );
  const cookies = [signedCookie(context.authCookies.sessionToken.name, session.token, context.secret)];
  if (!rememberMe) {
    await deps.db.update(users).set({ stayLoggedIn: false }).where(eq(users.id, user.id));
    cookies.push(signedCookie(context.authCookies.dontRememberToken.name, 'true', context.secret));
  }
  return { id: user.id, name, email, password, cookie: cookies.join('; '), token: session.token };
}
