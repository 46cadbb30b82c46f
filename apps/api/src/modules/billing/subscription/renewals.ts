import { randomUUID } from 'node:crypto';
import { type PayType, RENEWAL_RETRY_DAYS } from '@pet/shared';
import type { Tx } from '../../../db/client.ts';
import { businessDay } from '../../../lib/business-day.ts';
import { DAY_MS } from '../../../lib/dates.ts';
import type { PaymentEvent } from '../../../payments/provider.ts';
import { findProductById, type ProductRow } from '../../plans/products.repo.ts';
import { insertOrder, type OrderRow } from '../orders/orders.repo.ts';
import { planCents } from '../orders/prices.service.ts';
import type { SubscriptionRow } from '../subscription-row.ts';
import { type EndedPaidPlan, endPaidPlan } from './paid-plan-end.ts';
import { lastPaidOrder, lockSubscriptionByRef, termAnchor, updateSubscription } from './subscription.repo.ts';
import { queueSubscriptionMail } from './subscription-mails.ts';
import type { SubscriptionTermDeps } from './subscription-term-deps.ts';
import { cancelTermJob, providerRetriesRenewals, renewalRetryQueue, termEnd } from './terms.ts';

// Renewal payments (ADR 0011 "Time-driven work"): both providers report them as payment.* with billingReason
// renewal and no order of ours. A paid one becomes a renewal order (paid by the one handler like any order);
// a failed one makes the subscription past_due, mails, and schedules the next try; the last try ends the plan.

/** What the next term bills: the scheduled downgrade's target, else the current plan again. */
export interface NextTermPrice {
  product: ProductRow;
  priceId: string;
  payType: PayType;
  cents: number;
}

export async function nextTermPrice(tx: Tx, subscription: SubscriptionRow): Promise<NextTermPrice> {
  const downgrade = subscription.downgradeProductId && subscription.downgradePriceId;
  const productId = downgrade ? subscription.downgradeProductId! : subscription.productId;
  const product = await findProductById(tx, productId);
  if (!product) throw new Error(`subscription of ${subscription.userId}: no product ${productId}`);
  const payType = (downgrade ? subscription.downgradePayType : subscription.payType) as PayType;
  const priceId = downgrade ? subscription.downgradePriceId! : subscription.priceId;
  return { product, priceId, payType, cents: planCents(product, payType) };
}

/** The price a renewal event names: the downgrade's target when it is that one, else the current price. */
async function pricePaid(tx: Tx, subscription: SubscriptionRow, priceId: string | null | undefined) {
  if (priceId && subscription.downgradePriceId === priceId) return nextTermPrice(tx, subscription);
  return nextTermPrice(tx, {
    ...subscription,
    downgradeProductId: null,
    downgradePriceId: null,
    downgradePayType: null,
  });
}

/**
 * The renewal order of a paid renewal no order names yet: the subscription's plan (or its downgrade's target),
 * the billing address and language of its last paid order, the term from the old end. Inserted paid, with its
 * invoice fields (the one-open-order rule concerns the user's own checkouts). Undefined when the event names
 * no subscription of ours.
 */
export async function insertRenewalOrder(
  deps: SubscriptionTermDeps,
  tx: Tx,
  event: PaymentEvent,
  /** Takes the invoice number: called only when the order is made (the sequence has no gaps). */
  invoice: () => Promise<Pick<OrderRow, 'paidAt' | 'invoiceYear' | 'invoiceSequence' | 'invoiceNumber'>>,
): Promise<OrderRow | undefined> {
  const subscription = await lockSubscriptionByRef(tx, event.provider, event);
  if (!subscription) return undefined;
  const price = await pricePaid(tx, subscription, event.priceId);
  const last = await lastPaidOrder(tx, subscription.userId);
  if (!last) return undefined;
  const periodStart = event.periodStart ?? subscription.currentPeriodEnd;
  const anchor = (await termAnchor(tx, subscription.userId)) ?? subscription.currentPeriodStart;
  const periodEnd = event.periodEnd ?? termEnd(periodStart, price.product, price.payType, anchor);
  const cents = event.amountCents ?? price.cents;
  const paid = await invoice();
  return insertOrder(tx, {
    id: randomUUID(),
    createdAt: paid.paidAt ?? deps.clock(),
    userId: subscription.userId,
    partnerId: deps.brand.partnerId,
    productId: price.product.id,
    productName: price.product.name,
    priceId: price.priceId,
    payType: price.payType,
    orderType: 'renewal',
    paymentMethod: subscription.paymentMethod,
    paymentMethodLabel: event.paymentMethodLabel ?? subscription.paymentMethodLabel,
    status: 'paid',
    planCents: cents,
    totalCents: cents,
    vatRateBasisPoints: Math.round(deps.env.VAT_RATE_PERCENT * 100),
    provider: event.provider,
    paymentRef: event.paymentRef,
    subscriptionRef: subscription.subscriptionRef,
    billingAddress: last.billingAddress,
    language: last.language,
    periodStart,
    periodEnd,
    ...paid,
  });
}

export interface FailedRenewal {
  userId: string;
  planName: string;
  attempt: number;
  /** When the next try runs; null after the last (or when the provider retries by itself). */
  retryAt: Date | null;
  ended: EndedPaidPlan | null;
}

/**
 * A failed renewal payment: past_due and one more attempt, the next try (sandbox: billing.renewal-retry at
 * RENEWAL_RETRY_DAYS after the term's end; Stripe retries by itself), or the end after the last. Only while
 * the subscription still renews the term the payment was for (a late or replayed failure changes nothing).
 */
export async function applyFailedRenewal(
  deps: SubscriptionTermDeps,
  tx: Tx,
  event: PaymentEvent,
): Promise<FailedRenewal | null> {
  const subscription = await lockSubscriptionByRef(tx, event.provider, event);
  if (!subscription || subscription.status === 'ended') return null;
  // A failure for an earlier term (late, after a later term was paid) changes nothing. Stripe's periods are its
  // own (whole seconds, its billing anchor), so "the same term" is read with a day's leeway.
  if (event.periodStart && event.periodStart.getTime() + DAY_MS < subscription.currentPeriodEnd.getTime()) {
    return null;
  }
  const attempt = subscription.renewalAttempts + 1;
  const plan = await findProductById(tx, subscription.productId);
  const base = { userId: subscription.userId, planName: plan?.name ?? subscription.productId, attempt };
  const providerRetries = providerRetriesRenewals(deps.payments);
  const failedMail = (retryAt: Date | null, lastTry: boolean) =>
    queueSubscriptionMail(tx, deps.jobs, {
      kind: 'payment-failed',
      userId: subscription.userId,
      plan: base.planName,
      attempt,
      retryOn: retryAt ? businessDay(retryAt) : null,
      lastTry,
    });
  if (!providerRetries && attempt >= RENEWAL_RETRY_DAYS.length) {
    await updateSubscription(tx, subscription.userId, { renewalAttempts: attempt });
    await failedMail(null, true);
    const ended = await endPaidPlan(
      deps,
      tx,
      { ...subscription, renewalAttempts: attempt },
      {
        providerEnded: false,
      },
    );
    return { ...base, retryAt: null, ended };
  }
  let termJobId = subscription.termJobId;
  let retryAt: Date | null = null;
  if (!providerRetries) {
    if (termJobId) await cancelTermJob(tx, deps.jobs, termJobId);
    const end = subscription.currentPeriodEnd;
    retryAt = new Date(
      Math.max(end.getTime() + RENEWAL_RETRY_DAYS[attempt]! * DAY_MS, deps.clock().getTime()),
    );
    termJobId = await deps.jobs.send(
      renewalRetryQueue,
      { userId: subscription.userId, periodEnd: end.toISOString() },
      { startAfter: retryAt, tx },
    );
  }
  await updateSubscription(tx, subscription.userId, {
    status: 'past_due',
    renewalAttempts: attempt,
    termJobId,
  });
  await failedMail(retryAt, false);
  return { ...base, retryAt, ended: null };
}
