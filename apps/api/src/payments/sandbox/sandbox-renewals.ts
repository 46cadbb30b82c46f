import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import type { PaymentEvent, RenewalInput } from '../provider.ts';
import { insertIntent } from './sandbox.repo.ts';
import type { SandboxEmit } from './sandbox-events.ts';
import { renewalOutcome } from './test-instruments.ts';

// The sandbox's renewals (ADR 0011): like Stripe charging a subscription's saved method off-session, a new
// payment intent for the term, charged with the saved test method at once, reported by the same events as a
// first payment, marked as a renewal in its metadata (billing reason, subscription, price, period).

export type RenewalChargeDeps = Pick<AppContext, 'db'> & {
  emit: SandboxEmit;
  settleMs: number;
};

export async function chargeSandboxRenewal(
  deps: RenewalChargeDeps,
  input: RenewalInput,
): Promise<{ paymentRef: string }> {
  const id = `pi_${randomBytes(12).toString('base64url')}`;
  const outcome = renewalOutcome(input.paymentMethodRef);
  const metadata: Record<string, string> = {
    billing_reason: 'renewal',
    user_id: input.userId,
    price_id: input.priceId,
    period_start: input.periodStart.toISOString(),
    period_end: input.periodEnd.toISOString(),
    ...(input.subscriptionRef ? { subscription_ref: input.subscriptionRef } : {}),
    ...(input.paymentMethodRef ? { payment_method: input.paymentMethodRef } : {}),
  };
  await inTransaction(deps.db, async (tx: Tx) => {
    await insertIntent(tx, {
      id,
      // Charged off-session: no browser ever confirms it, so no secret is handed out.
      clientSecretHash: randomBytes(32).toString('hex'),
      customerRef: input.customerRef,
      amountCents: input.totalCents,
      method: input.method,
      status:
        outcome.kind === 'succeeded'
          ? 'succeeded'
          : outcome.kind === 'sepa'
            ? 'processing'
            : 'requires_payment_method',
      outcome: outcome.kind === 'sepa' ? outcome.settles : outcome.kind,
      lastError: outcome.kind === 'declined' ? outcome.error : null,
      metadata,
    });
    switch (outcome.kind) {
      case 'succeeded':
        await deps.emit(tx, id, 'payment_intent.succeeded');
        break;
      case 'declined':
        await deps.emit(tx, id, 'payment_intent.payment_failed');
        break;
      case 'sepa':
        await deps.emit(tx, id, 'payment_intent.processing');
        await deps.emit(
          tx,
          id,
          outcome.settles === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
          { delayMs: deps.settleMs, settle: true },
        );
        break;
    }
  });
  return { paymentRef: id };
}

/** A sandbox event's renewal fields, from its intent's metadata (a first payment has none). */
export function renewalFields(object: {
  amount?: number;
  customer?: string | null;
  metadata?: Record<string, string>;
}): Pick<
  PaymentEvent,
  | 'billingReason'
  | 'customerRef'
  | 'subscriptionRef'
  | 'priceId'
  | 'periodStart'
  | 'periodEnd'
  | 'amountCents'
> {
  const metadata = object.metadata ?? {};
  if (metadata.billing_reason !== 'renewal')
    return { billingReason: 'first', customerRef: object.customer ?? null };
  return {
    billingReason: 'renewal',
    customerRef: object.customer ?? null,
    subscriptionRef: metadata.subscription_ref ?? null,
    priceId: metadata.price_id ?? null,
    periodStart: metadata.period_start ? new Date(metadata.period_start) : null,
    periodEnd: metadata.period_end ? new Date(metadata.period_end) : null,
    amountCents: object.amount ?? null,
  };
}
