import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deleteSessions, setBan } from './users.repo.ts';

/**
 * What better-auth's admin ban does, without an admin session: the ban (permanent, with a reason) and the
 * end of every session, in one transaction. Sign-in then answers BANNED_USER (Access_Revoked_Text), and
 * requireUser refuses any session that slipped through.
 */
export async function banUser(
  db: Db,
  userId: string,
  reason: string | null,
): Promise<{ sessionsEnded: number }> {
  return inTransaction(db, async (tx) => {
    await setBan(tx, userId, { reason });
    return { sessionsEnded: await deleteSessions(tx, userId) };
  });
}

export async function unbanUser(db: Db, userId: string): Promise<void> {
  await setBan(db, userId, null);
}
