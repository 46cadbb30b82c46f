import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { invoiceCounters, orders } from '../../../db/schema/billing.ts';
import type { PaidOrder } from './invoice-lines.ts';

// The reads and writes of invoices: a user's own paid order (nothing else has an invoice), the claim that
// lets one order confirmation mail out per order (jobs/reminders.ts explains claim, then send), and the
// partner's gapless invoice counter.

/** The user's order `orderId` if it is paid; a foreign, missing or unpaid one alike answers undefined. */
export async function ownPaidOrder(
  db: DbOrTx,
  userId: string,
  orderId: string,
): Promise<PaidOrder | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'paid')));
  return order;
}

/**
 * Marks the paid order's confirmation as mailed unless it already is, answering the order, or undefined when
 * it is not paid or another run claimed it first.
 */
export async function claimConfirmation(
  db: DbOrTx,
  orderId: string,
  at: Date,
): Promise<PaidOrder | undefined> {
  const [order] = await db
    .update(orders)
    .set({ confirmationMailedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNull(orders.confirmationMailedAt)))
    .returning();
  return order;
}

/** Undoes a claim whose mail the SMTP server did not take (pg-boss then retries the job). */
export async function releaseConfirmation(db: DbOrTx, orderId: string, claimedAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ confirmationMailedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.confirmationMailedAt, claimedAt)));
}

/** The account's address: the fallback when an order's billing address has none. */
export async function accountEmail(db: DbOrTx, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

/** The partner's next invoice sequence for the year: gapless, taken in the paying transaction. */
export async function nextInvoiceSequence(db: DbOrTx, partnerId: string, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ partnerId, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.partnerId, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}
