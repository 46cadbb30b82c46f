import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { subscriptions } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { PaymentEvent } from '../../../payments/provider.ts';
import { recordEvent } from '../processed-events.repo.ts';
import type { SubscriptionTermDeps } from '../subscription/subscription-term-deps.ts';
import {
  cancelTermJob,
  providerRetriesRenewals,
  renewalRetryQueue,
  type TermEndJob,
} from '../subscription/terms.ts';
import type { SubscriptionRow } from '../subscription-row.ts';

// payment_method.updated (a setup checkout completed): the subscription's saved method, which renewals are
// charged to, becomes the new one. The provider makes it its default first (outside the transaction; its
// writes are idempotent, so a replayed event repeats them harmlessly), then the event is applied once.
// A past_due renewal the app retries itself (the sandbox) is tried again at once with the new method: the
// pending retry moves to now. Stripe retries its open invoice by itself, with the new default method.

async function subscriptionOfCustomer(db: DbOrTx, event: PaymentEvent) {
  if (!event.customerRef) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, event.provider), eq(subscriptions.customerRef, event.customerRef)));
  return row;
}

export async function applyPaymentMethodUpdate(
  deps: SubscriptionTermDeps,
  event: PaymentEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const current = await subscriptionOfCustomer(deps.db, event);
  // The provider's subscription as it is now (an upgrade may have replaced the one the session was made for).
  const open = current && current.status !== 'ended' ? current.subscriptionRef : null;
  const saved = await deps.payments.completeSetup({ ...event, subscriptionRef: open });
  return inTransaction(deps.db, async (tx) => {
    if (!(await recordEvent(tx, { id: event.id, provider: event.provider, type: event.type }))) {
      return 'duplicate';
    }
    if (!saved || !current) return 'ignored';
    await tx
      .update(subscriptions)
      .set({
        paymentMethodRef: saved.paymentMethodRef,
        paymentMethod: saved.method,
        paymentMethodLabel: saved.label,
        termJobId: await retryNowIfPastDue(deps, tx, current),
      })
      .where(eq(subscriptions.userId, current.userId));
    return 'applied';
  });
}

/** The subscription's pending term job: a retry due now when a past_due renewal is the app's to retry. */
async function retryNowIfPastDue(
  deps: SubscriptionTermDeps,
  tx: Tx,
  subscription: SubscriptionRow,
): Promise<string | null> {
  if (subscription.status !== 'past_due' || providerRetriesRenewals(deps.payments)) {
    return subscription.termJobId;
  }
  if (subscription.termJobId) await cancelTermJob(tx, deps.jobs, subscription.termJobId);
  const job: TermEndJob = {
    userId: subscription.userId,
    periodEnd: subscription.currentPeriodEnd.toISOString(),
  };
  return deps.jobs.send(renewalRetryQueue, job, { startAfter: deps.clock(), tx });
}
