import { type PayType, PERIOD_MONTHS } from '@pet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { addMonths, BUSINESS_TIME_ZONE } from '../../lib/dates.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import type { PaymentEvent, PaymentEventHandler, PaymentProvider } from '../../payments/provider.ts';
import { redeemCoupon } from '../coupons/coupons.service.ts';
import { type JobSender, putOnPaidPlan } from '../plans/membership.service.ts';
import {
  findCustomerRef,
  findSubscription,
  lockOrderByRef,
  moveOrder,
  nextInvoiceSequence,
  type OrderRow,
  recordEvent,
  upsertSubscription,
} from './billing.repo.ts';
import { applyPaymentMethodUpdate } from './payment-method-events.ts';

// The one handler of payment events (both providers): each event applied exactly once (its id recorded in
// the applying transaction), the order locked by its payment ref, statuses only forward. A paid order gets
// its invoice number, the user's membership and subscription, the coupon's redemption and the confirmation
// job, all in one transaction.

/** The invoice number prefix per partner (brief agreement). */
const INVOICE_PREFIX: Record<string, string> = {
  petention: 'PE',
  'hunde-schutz': 'HS',
  'tier-fritz': 'TF',
  primepet: 'PP',
  'animal-care': 'AC',
};

export interface PaymentEventDeps {
  db: Db;
  payments: PaymentProvider;
  jobs: JobSender;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export interface OrderConfirmationJob {
  orderId: string;
}

export function invoiceNumber(partnerId: string, year: number, sequence: number): string {
  const prefix = INVOICE_PREFIX[partnerId] ?? partnerId.slice(0, 2).toUpperCase();
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** Marks the order paid; answers the provider subscription it replaces (to end after commit), if any. */
async function pay(
  deps: PaymentEventDeps,
  tx: Tx,
  order: OrderRow,
  event: PaymentEvent,
): Promise<string | null> {
  const paidAt = deps.clock();
  const periodEnd = addMonths(paidAt, PERIOD_MONTHS[order.payType as PayType]);
  const year = Number(instantToZoned(paidAt, BUSINESS_TIME_ZONE).date.slice(0, 4));
  const sequence = await nextInvoiceSequence(tx, order.partnerId, year);
  const label = event.paymentMethodLabel ?? order.paymentMethodLabel;
  await moveOrder(tx, order.id, ['pending', 'processing', 'failed'], {
    status: 'paid',
    paidAt,
    periodStart: paidAt,
    periodEnd,
    invoiceYear: year,
    invoiceSequence: sequence,
    invoiceNumber: invoiceNumber(order.partnerId, year, sequence),
    paymentMethodLabel: label,
    failureCode: null,
  });
  await deps.jobs.send(QUEUES.orderConfirmation, { orderId: order.id } satisfies OrderConfirmationJob, {
    tx,
  });
  const userId = order.userId;
  // The account was deleted meanwhile: the invoice stays, there is no plan to give.
  if (!userId) return null;

  await putOnPaidPlan(tx, deps.jobs, userId, order.productId);

  const previous = await findSubscription(tx, userId);
  const customerRef = (await findCustomerRef(tx, userId)) ?? previous?.customerRef ?? `none_${userId}`;
  await upsertSubscription(tx, {
    userId,
    provider: order.provider,
    customerRef,
    subscriptionRef: order.subscriptionRef,
    productId: order.productId,
    priceId: order.priceId,
    payType: order.payType,
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: label,
    currentPeriodStart: paidAt,
    currentPeriodEnd: periodEnd,
    termPaidCents: order.planCents - order.discountCents,
    status: 'active',
    // A purchase after the paid plan ended (reactivation, ADR 0011) starts a new one.
    endedAt: null,
  });
  if (order.couponId) await redeemCoupon(tx, { couponId: order.couponId, userId, orderId: order.id });
  const replaced = previous?.subscriptionRef;
  return replaced && replaced !== order.subscriptionRef ? replaced : null;
}

/**
 * A succeeded event without the method's label (Stripe's invoice events) asks the provider, before the paying
 * transaction. The label is only shown in the orders list: a provider error leaves it out, never the payment.
 */
async function withMethodLabel(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== 'payment.succeeded' || event.paymentMethodLabel) return event;
  try {
    return { ...event, paymentMethodLabel: await deps.payments.paymentMethodLabel(event.paymentRef) };
  } catch (err) {
    deps.log.warn({ err, eventId: event.id }, 'reading the payment method label failed');
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
    const event = await withMethodLabel(deps, received);
    const outcome = await inTransaction(deps.db, async (tx) => {
      const none = { replaced: null, failed: false };
      if (!(await recordEvent(tx, { id: event.id, provider: event.provider, type: event.type }))) {
        return { result: 'duplicate' as const, ...none };
      }
      const order = await lockOrderByRef(tx, event.provider, event.paymentRef);
      if (!order) return { result: 'ignored' as const, ...none };
      let replaced: string | null = null;
      let failed = false;
      switch (event.type) {
        case 'payment.processing':
          await moveOrder(tx, order.id, ['pending'], { status: 'processing' });
          break;
        case 'payment.failed':
          failed = !!(await moveOrder(tx, order.id, ['pending', 'processing'], {
            status: 'failed',
            failureCode: event.failureCode ?? 'payment_failed',
          }));
          break;
        case 'payment.succeeded':
          if (['pending', 'processing', 'failed'].includes(order.status))
            replaced = await pay(deps, tx, order, event);
          break;
      }
      return { result: 'applied' as const, replaced, failed };
    });
    const { replaced } = outcome;
    if (replaced) {
      await afterCommit(deps, 'ending the replaced subscription', () =>
        deps.payments.endSubscription(replaced),
      );
    }
    // The failed order's payment must not stay open at the provider (Stripe: its incomplete subscription,
    // open invoice and the proration credit it took); its coupon was never redeemed (only paying does).
    if (outcome.failed) {
      await afterCommit(deps, 'stopping the failed payment', () =>
        deps.payments.cancelPayment(event.paymentRef),
      );
    }
    return outcome.result;
  };
}
