import type { DbOrTx } from '../../../db/client.ts';
import { findCredentialHash, replaceCredentialHash } from '../auth.repo.ts';
import { needsRehash } from './password.ts';

// A stored hash made with older parameters (scrypt before argon2id, or a lower argon2id cost) is replaced
// after the next successful sign-in: the only moment the server knows the password. better-auth.ts calls this
// from better-auth's `hooks.after` on /sign-in/email, once the password has been verified.

/** `hash`: password.ts's hashPassword, through the auth instance's hash pool (hash-pool.ts). */
export async function rehashOnSignIn(
  db: DbOrTx,
  userId: string,
  password: string,
  hash: (password: string) => Promise<string>,
): Promise<void> {
  const stored = await findCredentialHash(db, userId);
  if (!stored || !needsRehash(stored)) return;
  await replaceCredentialHash(db, userId, stored, await hash(password));
}
