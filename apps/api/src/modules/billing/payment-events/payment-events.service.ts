import { type PayType, PERIOD_MONTHS } from '@pet/shared';
import type { Tx } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { addMonths } from '../../../lib/dates.ts';
import type { PaymentEvent, PaymentEventHandler } from '../../../payments/provider.ts';
import { redeemCoupon } from '../../coupons/coupons.service.ts';
import { putOnPaidPlan } from '../../plans/membership.service.ts';
import { findProductById } from '../../plans/products.repo.ts';
import { invoiceFields } from '../invoices/invoice-number.ts';
import { orderConfirmationJob } from '../invoices/order-confirmation.ts';
import { findCustomerRef, lockOrderByRef, moveOrder, type OrderRow } from '../orders/orders.repo.ts';
import { applyPaymentMethodUpdate } from '../payment-method/payment-method-events.ts';
import { recordEvent } from '../processed-events.repo.ts';
import { afterPaidPlanEnd, type EndedPaidPlan, endPaidPlan } from '../subscription/paid-plan-end.ts';
import { applyFailedRenewal, type FailedRenewal, insertRenewalOrder } from '../subscription/renewals.ts';
import {
  lockSubscription,
  lockSubscriptionByRef,
  upsertSubscription,
} from '../subscription/subscription.repo.ts';
import type { SubscriptionTermDeps } from '../subscription/subscription-term-deps.ts';
import { scheduleTermEnd, termEnd } from '../subscription/terms.ts';

// The one handler of payment events (both providers): each event applied exactly once (its id recorded in
// the applying transaction), the order locked by its payment ref, statuses only forward. A paid order gets
// its invoice number, the user's membership and subscription, the coupon's redemption and the confirmation
// job, all in one transaction.

export type PaymentEventDeps = SubscriptionTermDeps;

/** Marks the order paid; answers the provider subscription it replaces (to end after commit), if any. */
async function pay(
  deps: PaymentEventDeps,
  tx: Tx,
  order: OrderRow,
  event: PaymentEvent,
): Promise<string | null> {
  const paid = await invoiceFields(tx, order.partnerId, deps.clock());
  const product = await findProductById(tx, order.productId);
  const periodEnd = product
    ? termEnd(paid.paidAt, product, order.payType as PayType)
    : addMonths(paid.paidAt, PERIOD_MONTHS[order.payType as PayType]);
  const label = event.paymentMethodLabel ?? order.paymentMethodLabel;
  const moved = await moveOrder(tx, order.id, ['pending', 'processing', 'failed'], {
    status: 'paid',
    periodStart: paid.paidAt,
    periodEnd,
    ...paid,
    paymentMethodLabel: label,
    failureCode: null,
  });
  return grantPaidPlan(deps, tx, moved ?? order, event);
}

/**
 * What a paid order gives (a first or upgrade order, or a renewal): the confirmation job, the plan, the
 * subscription with its term (the order's period) and the next term-end job, the coupon's redemption.
 */
async function grantPaidPlan(
  deps: PaymentEventDeps,
  tx: Tx,
  order: OrderRow,
  event: PaymentEvent,
): Promise<string | null> {
  await deps.jobs.send(orderConfirmationJob, { orderId: order.id }, { tx });
  const userId = order.userId;
  // The account was deleted meanwhile: the invoice stays, there is no plan to give.
  if (!userId || !order.periodStart || !order.periodEnd) return null;

  const previous = await lockSubscription(tx, userId);
  // A renewal paid after a later term was already set (events out of order) moves nothing back.
  const outdated = previous && previous.status !== 'ended' && previous.currentPeriodEnd >= order.periodEnd;
  if (order.orderType === 'renewal' && outdated) return null;
  await putOnPaidPlan(tx, deps.jobs, userId, order.productId);
  const customerRef = (await findCustomerRef(tx, userId)) ?? previous?.customerRef ?? `none_${userId}`;
  const termJobId = await scheduleTermEnd(tx, deps.jobs, userId, order.periodEnd, previous?.termJobId);
  await upsertSubscription(tx, {
    userId,
    provider: order.provider,
    customerRef,
    subscriptionRef: order.subscriptionRef,
    productId: order.productId,
    priceId: order.priceId,
    payType: order.payType,
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: order.paymentMethodLabel,
    paymentMethodRef: event.paymentMethodRef ?? previous?.paymentMethodRef ?? null,
    currentPeriodStart: order.periodStart,
    currentPeriodEnd: order.periodEnd,
    termPaidCents: order.planCents - order.discountCents,
    status: 'active',
    // A purchase after the paid plan ended (reactivation, ADR 0011) starts a new one.
    endedAt: null,
    renewalAttempts: 0,
    termJobId,
    // A new plan bought replaces whatever the old term had scheduled; a renewal has applied its downgrade.
    cancelAt: null,
    downgradeProductId: null,
    downgradePriceId: null,
    downgradePayType: null,
  });
  if (order.couponId) await redeemCoupon(tx, { couponId: order.couponId, userId, orderId: order.id });
  const replaced = previous?.subscriptionRef;
  return replaced && replaced !== order.subscriptionRef && previous.status !== 'ended' ? replaced : null;
}

interface EventOutcome {
  result: 'applied' | 'duplicate' | 'ignored';
  /** A provider subscription an upgrade replaced: ended after the commit. */
  replaced: string | null;
  /** An order's first payment failed: stopped at the provider after the commit. */
  stopPayment?: boolean;
  failed?: FailedRenewal | null;
  ended?: EndedPaidPlan | null;
}

/**
 * Events no order of ours names (ADR 0011): a renewal's payment (the renewal order is made here, then paid
 * like any order), a failed renewal, the provider's end of a subscription.
 */
async function applyWithoutOrder(deps: PaymentEventDeps, tx: Tx, event: PaymentEvent): Promise<EventOutcome> {
  const ignored: EventOutcome = { result: 'ignored', replaced: null };
  if (event.type === 'subscription.ended') {
    const subscription = await lockSubscriptionByRef(tx, event.provider, event);
    if (!subscription) return ignored;
    const ended = await endPaidPlan(deps, tx, subscription, { providerEnded: true });
    return { result: 'applied', replaced: null, ended };
  }
  if (event.billingReason !== 'renewal') return ignored;
  if (event.type === 'payment.failed') {
    const failed = await applyFailedRenewal(deps, tx, event);
    return { result: 'applied', replaced: null, failed, ended: failed?.ended ?? null };
  }
  if (event.type !== 'payment.succeeded') return ignored;
  const order = await insertRenewalOrder(deps, tx, event, () =>
    invoiceFields(tx, deps.brand.partnerId, deps.clock()),
  );
  if (!order) return ignored;
  return { result: 'applied', replaced: await grantPaidPlan(deps, tx, order, event) };
}

/**
 * A succeeded event without the method's label or id (Stripe's invoice events) asks the provider, before the
 * paying transaction. A provider error leaves them out (the label is only shown in the orders list; without the
 * id the subscription keeps its saved method), never the payment.
 */
async function withPaidMethod(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== 'payment.succeeded' || (event.paymentMethodLabel && event.paymentMethodRef))
    return event;
  try {
    const paid = await deps.payments.paidMethod(event.paymentRef);
    return {
      ...event,
      paymentMethodLabel: event.paymentMethodLabel ?? paid.label,
      paymentMethodRef: event.paymentMethodRef ?? paid.paymentMethodRef,
    };
  } catch (err) {
    deps.log.warn({ err, eventId: event.id }, 'reading the payment method failed');
    return event;
  }
}

/** Work at the provider after the event's transaction committed; its errors are logged, never the webhook's. */
async function afterCommit(deps: PaymentEventDeps, what: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    deps.log.error({ err }, `${what} failed`);
  }
}

export function paymentEventHandler(deps: PaymentEventDeps): PaymentEventHandler {
  return async (received) => {
    if (received.type === 'payment_method.updated') return applyPaymentMethodUpdate(deps, received);
    const event = await withPaidMethod(deps, received);
    const outcome = await inTransaction(deps.db, async (tx): Promise<EventOutcome> => {
      if (!(await recordEvent(tx, { id: event.id, provider: event.provider, type: event.type }))) {
        return { result: 'duplicate', replaced: null };
      }
      const order = await lockOrderByRef(tx, event.provider, event.paymentRef);
      if (!order) return applyWithoutOrder(deps, tx, event);
      let replaced: string | null = null;
      let stopPayment = false;
      switch (event.type) {
        case 'payment.processing':
          await moveOrder(tx, order.id, ['pending'], { status: 'processing' });
          break;
        case 'payment.failed':
          stopPayment = !!(await moveOrder(tx, order.id, ['pending', 'processing'], {
            status: 'failed',
            failureCode: event.failureCode ?? 'payment_failed',
          }));
          break;
        case 'payment.succeeded':
          if (['pending', 'processing', 'failed'].includes(order.status))
            replaced = await pay(deps, tx, order, event);
          break;
      }
      return { result: 'applied', replaced, stopPayment };
    });
    const { replaced } = outcome;
    if (replaced) {
      await afterCommit(deps, 'ending the replaced subscription', () =>
        deps.payments.endSubscription(replaced),
      );
    }
    // The failed order's payment must not stay open at the provider (Stripe: its incomplete subscription,
    // open invoice and the proration credit it took); its coupon was never redeemed (only paying does).
    if (outcome.stopPayment) {
      await afterCommit(deps, 'stopping the failed payment', () =>
        deps.payments.cancelPayment(event.paymentRef),
      );
    }
    if (outcome.ended) await afterPaidPlanEnd(deps, outcome.ended);
    return outcome.result;
  };
}
