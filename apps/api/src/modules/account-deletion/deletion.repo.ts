import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orders, storedFiles, subscriptions, users, verifications } from '../../db/schema/index.ts';

// The rows a deletion reads and writes besides the cascade from `users` (ADR 0012).

export interface DeletionState {
  deletionRequestedAt: Date | null;
  deletionJobId: string | null;
}

/** The user's pending deletion (null fields: none); undefined when the user does not exist. */
export async function findDeletionState(
  db: DbOrTx,
  userId: string,
  options: { lock: boolean },
): Promise<DeletionState | undefined> {
  const query = db
    .select({ deletionRequestedAt: users.deletionRequestedAt, deletionJobId: users.deletionJobId })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function recordDeletionRequest(tx: Tx, userId: string, at: Date, jobId: string | null) {
  await tx
    .update(users)
    .set({ deletionRequestedAt: at, deletionJobId: jobId })
    .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)));
}

/** Whether a session of this user may be made: not while a requested deletion is pending. */
export async function deletionPending(db: DbOrTx, userId: string): Promise<boolean> {
  const state = await findDeletionState(db, userId, { lock: false });
  return Boolean(state?.deletionRequestedAt);
}

export interface ErasedUser {
  id: string;
  email: string;
  name: string;
  language: string;
  deletionJobId: string | null;
}

export async function findUserToErase(tx: Tx, userId: string): Promise<ErasedUser | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      deletionJobId: users.deletionJobId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function storageKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.userId, userId));
  return rows.map((row) => row.key);
}

/** The provider subscription still running (not ended) and its pending term job. */
export async function openSubscriptionOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      status: subscriptions.status,
      subscriptionRef: subscriptions.subscriptionRef,
      termJobId: subscriptions.termJobId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

/**
 * Orders without an invoice go; invoiced ones stay for the law's retention, reduced to what the invoice
 * shows (ADR 0012): the buyer's name and postal address, no e-mail or phone. `user_id` becomes null with the
 * user's row (the foreign key's ON DELETE SET NULL).
 */
export async function anonymiseOrders(tx: Tx, userId: string): Promise<void> {
  await tx.delete(orders).where(and(eq(orders.userId, userId), isNull(orders.invoiceNumber)));
  await tx
    .update(orders)
    .set({
      billingAddress: sql`${orders.billingAddress} || '{"email": "", "phone": ""}'::jsonb`,
      confirmationMailedAt: null,
    })
    .where(eq(orders.userId, userId));
}

/** better-auth's open tokens (reset, magic link, one-time) that name the user or the address. */
export async function deleteVerificationsOf(tx: Tx, user: { id: string; email: string }): Promise<void> {
  await tx
    .delete(verifications)
    .where(
      sql`strpos(${verifications.value}, ${user.id}) > 0 or strpos(lower(${verifications.value}), lower(${user.email})) > 0 or lower(${verifications.identifier}) = lower(${user.email})`,
    );
}

/** Jobs of the user not yet started, whatever their queue (their data names the user). */
export async function pendingJobsOf(tx: Tx, userId: string): Promise<{ name: string; id: string }[]> {
  const result = await tx.execute<{ name: string; id: string }>(
    sql`select name, id::text as id from pgboss.job where data->>'userId' = ${userId} and state in ('created', 'retry')`,
  );
  return (result as unknown as { rows: { name: string; id: string }[] }).rows;
}

export async function deleteUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
