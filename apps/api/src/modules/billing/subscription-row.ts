import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

// The user's subscriptions row as every part of billing reads it: the order's price (its credit for the unused
// term), the payment method, the subscription's own changes. Here, below them all, so that orders/, which
// subscription/ builds on (a renewal is an order), reads it without importing subscription/ back.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription, if there is one (never locked: a read for an answer or a price). */
export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}
