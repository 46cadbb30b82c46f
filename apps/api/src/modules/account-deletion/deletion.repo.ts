import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  appointments,
  medicalRecords,
  orders,
  storedFiles,
  subscriptions,
  users,
  verifications,
} from '../../db/schema/index.ts';

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

/** The user whose account.deletion job this is (its data names nobody: deletion.service.ts). */
export async function findUserByDeletionJob(db: DbOrTx, jobId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.deletionJobId, jobId));
  return row?.id;
}

/**
 * Every pg-boss job of the user, in any state and queue, except the one running this erasure: those whose
 * data names the user (plan ends, terms, mails, exports, the sandbox's events) and the reminders of the
 * user's appointments and medical records (their data names only the record). Deleted, not cancelled: a
 * cancelled or finished job keeps its data in pg-boss's table for days. The running job keeps no user id
 * either: its data is emptied (jobs queued before deletion.service.ts stopped naming the user had one).
 */
export async function deleteJobsOf(
  tx: Tx,
  userId: string,
  runningJobId: string | undefined,
): Promise<number> {
  const reminderRecords = sql`(
    select ${appointments.id}::text from ${appointments} where ${appointments.userId} = ${userId}
    union all
    select ${medicalRecords.id}::text from ${medicalRecords} where ${medicalRecords.userId} = ${userId})`;
  const result = await tx.execute(sql`
    delete from pgboss.job
    where id::text is distinct from ${runningJobId ?? null}
      and (strpos(data::text, ${userId}) > 0
        or singleton_key = ${userId}
        or id::text = (select ${users.deletionJobId} from ${users} where ${users.id} = ${userId})
        or data->>'recordId' in ${reminderRecords})`);
  if (runningJobId) {
    await tx.execute(
      sql`update pgboss.job set data = '{}'::jsonb, singleton_key = null where id::text = ${runningJobId}`,
    );
  }
  return (result as unknown as { rowCount?: number | null }).rowCount ?? 0;
}

export async function deleteUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
