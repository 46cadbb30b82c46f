import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { SubscriptionRow } from './billing.repo.ts';

// The subscription row the cancel, revoke and downgrade routes change: one user's, held while it changes.

/** The user's subscription, locked until the transaction ends: one user's changes queue instead of racing. */
export async function lockSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
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
