import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';

/** Addresses are stored lower-case (better-auth lowers them on sign-up). */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function findUserEmail(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

/** The account behind an address, for mails about it (name and language), if there is one. */
export async function findUserByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; email: string; name: string; language: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return rows.length > 0;
}

/** The credential account's one row per user, as better-auth writes it (its account id is the user id). */
function credentialOf(userId: string) {
  return and(
    eq(accounts.userId, userId),
    eq(accounts.providerId, 'credential'),
    eq(accounts.accountId, userId),
  );
}

/** The stored password hash of the user's credential account, if any. */
export async function findCredentialHash(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ password: accounts.password }).from(accounts).where(credentialOf(userId));
  return row?.password ?? undefined;
}

/**
 * Replaces the hash only while it is still `current`: a password changed meanwhile keeps its new hash.
 * Answers whether it was replaced.
 */
export async function replaceCredentialHash(
  db: DbOrTx,
  userId: string,
  current: string,
  next: string,
): Promise<boolean> {
  const replaced = await db
    .update(accounts)
    .set({ password: next })
    .where(and(credentialOf(userId), eq(accounts.password, current)))
    .returning({ id: accounts.id });
  return replaced.length > 0;
}

/** Ends every session of the user except `keepSessionId` (the one that asked). */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
