import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { PaymentEvent } from '../../payments/provider.ts';
import { recordEvent } from './billing.repo.ts';
import type { PaymentEventDeps } from './payment-events.service.ts';

// payment_method.updated (a setup checkout completed): the subscription's saved method, which renewals are
// charged to, becomes the new one. The provider makes it its default first (outside the transaction; its
// writes are idempotent, so a replayed event repeats them harmlessly), then the event is applied once.
// A past_due subscription is not retried here: the renewal retry (issue 14, terms) reads the new method.

async function subscriptionOfCustomer(db: DbOrTx, event: PaymentEvent) {
  if (!event.customerRef) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, event.provider), eq(subscriptions.customerRef, event.customerRef)));
  return row;
}

export async function applyPaymentMethodUpdate(
  deps: PaymentEventDeps,
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
      })
      .where(eq(subscriptions.userId, current.userId));
    return 'applied';
  });
}
