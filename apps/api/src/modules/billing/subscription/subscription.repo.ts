import { type AnyColumn, and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders, products, subscriptions, users } from '../../../db/schema/index.ts';
import { qualified } from '../../../db/sql.ts';
import type { OrderRow } from '../orders/orders.repo.ts';
import type { SubscriptionRow } from '../subscription-row.ts';

// The subscription's reads and writes (the paid term, renewals, the end; cancel, revoke and downgrade; the
// profile's view of it): each scoped by one user's id.

/** The user's subscription, locked until the transaction ends: one user's changes queue instead of racing. */
export async function lockSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return row;
}

/** The subscription a provider's event names: by its subscription ref, else by the customer. */
export async function lockSubscriptionByRef(
  db: DbOrTx,
  provider: string,
  refs: { subscriptionRef?: string | null; customerRef?: string | null },
): Promise<SubscriptionRow | undefined> {
  const where = refs.subscriptionRef
    ? and(eq(subscriptions.provider, provider), eq(subscriptions.subscriptionRef, refs.subscriptionRef))
    : refs.customerRef
      ? and(eq(subscriptions.provider, provider), eq(subscriptions.customerRef, refs.customerRef))
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(subscriptions).where(where).for('update');
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await db.update(subscriptions).set(set).where(eq(subscriptions.userId, userId));
}

/**
 * Takes the pending job's claim (term_job_id = the running job): a second run of the same job, or a job a
 * newer one replaced, finds another id and does nothing.
 */
export async function claimTermJob(db: DbOrTx, userId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ termJobId: null })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.termJobId, jobId)))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/** Gives a claim back (the charge could not be started): pg-boss's retry of the job takes it again. */
export async function releaseTermJob(db: DbOrTx, userId: string, jobId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ termJobId: jobId })
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.termJobId)));
}

/** The user's last paid order: a renewal order copies its billing address and language. */
export async function lastPaidOrder(db: DbOrTx, userId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row;
}

/**
 * The start of the user's current run of terms: the period start of the last paid purchase or upgrade
 * (renewals continue it). Undefined when none has a period.
 */
export async function termAnchor(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ periodStart: orders.periodStart })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), ne(orders.orderType, 'renewal')))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row?.periodStart ?? undefined;
}

/** The account's address, name and language: the subscription mails go to the account. */
export async function accountOf(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; name: string; language: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type SubscriptionChange = Partial<
  Pick<SubscriptionRow, 'cancelAt' | 'downgradeProductId' | 'downgradePriceId' | 'downgradePayType'>
>;

export async function changeSubscription(db: DbOrTx, userId: string, set: SubscriptionChange): Promise<void> {
  await db.update(subscriptions).set(set).where(eq(subscriptions.userId, userId));
}

/** No downgrade scheduled (the three columns go together: subscriptions_downgrade_check). */
export const NO_DOWNGRADE = {
  downgradeProductId: null,
  downgradePriceId: null,
  downgradePayType: null,
} as const satisfies SubscriptionChange;

export async function upsertSubscription(
  db: DbOrTx,
  values: typeof subscriptions.$inferInsert,
): Promise<void> {
  const { userId: _userId, ...set } = values;
  await db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set });
}

export interface PaidSubscriptionFields {
  /** The paid term's end, unix seconds. */
  end: number;
  price_id: string;
  pay_type: string;
  /** The plan a scheduled downgrade moves to at the term's end (ADR 0011), null without one. */
  downgrade: { product_id: string; product_name: string } | null;
}

/** The paid (active or past_due) subscription's myinfo fields as one JSON value, for the profile query to embed (null: none). */
export function paidSubscriptionJson(userId: AnyColumn) {
  return sql<PaidSubscriptionFields | null>`(
    select json_build_object(
      'end', floor(extract(epoch from ${subscriptions.currentPeriodEnd}))::bigint,
      'price_id', ${subscriptions.priceId},
      'pay_type', ${subscriptions.payType},
      'downgrade', (
        select json_build_object('product_id', ${products.id}, 'product_name', ${products.name})
        from ${products} where ${products.id} = ${subscriptions.downgradeProductId}
      )
    )
    from ${subscriptions}
    where ${subscriptions.userId} = ${qualified(userId)} and ${subscriptions.status} in ('active', 'past_due')
  )`;
}
