import type { SignedEvent } from './events.ts';
import { showInvoice } from './invoices.ts';
import { list } from './objects.ts';
import { enterNextPhase, itemsOf } from './schedules.ts';
import type { FakeStripeStore } from './store.ts';

// What Stripe does to a subscription by itself as time passes, moved on by a test (the fake has no clock):
// renewing it for the next period, paid or failed (`renewSubscription`), and ending it (`deleteSubscription`),
// each with the events Stripe sends.

/**
 * Stripe renewing a subscription by itself: a cycle invoice for the next period on the subscription's price,
 * charged off-session, and the events Stripe sends.
 */
export function renewSubscription(
  store: FakeStripeStore,
  subscriptionId: string,
  outcome: 'paid' | 'failed',
  period: { start: number; end: number },
): SignedEvent[] {
  const { get, save, newId: id, now, priceCents, signEvent } = store;
  const subscription = get('sub', subscriptionId);
  enterNextPhase(store, subscription);
  for (const item of itemsOf(subscription)) {
    Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
  }
  const price = String(itemsOf(subscription)[0]?.price.id ?? '');
  const amount = priceCents[price] ?? 0;
  const invoiceId = id('in');
  // Stripe's own intents carry no metadata of ours: only the invoice events name the renewal.
  const intent = save({
    id: id('pi'),
    object: 'payment_intent',
    amount,
    currency: 'eur',
    customer: subscription.customer,
    status: outcome === 'paid' ? 'succeeded' : 'requires_payment_method',
    payment_method_types: ['card'],
    // Stripe charges the subscription's default method (the customer's when it has none).
    payment_method: subscription.default_payment_method ?? id('pm'),
    last_payment_error:
      outcome === 'paid'
        ? null
        : { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    metadata: {},
    created: now(),
  });
  const line = {
    id: id('il'),
    object: 'line_item',
    amount,
    currency: 'eur',
    invoice: invoiceId,
    period,
    pricing: {
      type: 'price_details',
      price_details: { price, product: `prod_${price}` },
      unit_amount_decimal: String(amount),
    },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { subscription: subscriptionId },
    },
  };
  const invoice = save({
    id: invoiceId,
    object: 'invoice',
    customer: subscription.customer,
    status: outcome === 'paid' ? 'paid' : 'open',
    currency: 'eur',
    total: amount,
    amount_due: amount,
    amount_paid: outcome === 'paid' ? amount : 0,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    // A cycle invoice's own period is the one that ended; its line's is the new term.
    period_start: period.start,
    period_end: period.start,
    metadata: {},
    lines: list([line], `/v1/invoices/${invoiceId}/lines`),
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: subscription.metadata ?? {} },
    },
    payments: list(
      [
        {
          id: id('inpay'),
          object: 'invoice_payment',
          invoice: invoiceId,
          is_default: true,
          status: outcome === 'paid' ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: intent.id },
        },
      ],
      `/v1/invoice_payments`,
    ),
    created: now(),
  });
  subscription.latest_invoice = invoiceId;
  const shown = () => showInvoice(invoice, []);
  if (outcome === 'paid') {
    subscription.status = 'active';
    return [
      signEvent('payment_intent.succeeded', { ...intent }),
      signEvent('invoice.payment_succeeded', shown()),
      signEvent('invoice.paid', shown()),
    ];
  }
  subscription.status = 'past_due';
  return [
    signEvent('payment_intent.payment_failed', { ...intent }),
    signEvent('invoice.payment_failed', shown()),
  ];
}

/** Stripe ending a subscription (its last retry failed, or a cancelled term ended): customer.subscription.deleted. */
export function deleteSubscription(store: FakeStripeStore, subscriptionId: string): SignedEvent[] {
  const { get, now, signEvent } = store;
  const subscription = get('sub', subscriptionId);
  subscription.status = 'canceled';
  subscription.canceled_at = now();
  subscription.ended_at = now();
  return [signEvent('customer.subscription.deleted', { ...subscription })];
}
