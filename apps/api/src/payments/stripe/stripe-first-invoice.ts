import type Stripe from 'stripe';
import { refOf } from './stripe-ref.ts';

// The subscription's first invoice, which pays an order: its payment intent, the method that paid it as the
// subscription's default, and stopping it (with the proration credit it took) when the order will not be paid.

/**
 * Stops a subscription's unpaid first invoice: takes back our proration credit (voiding gives the applied
 * balance back to the customer, where it would lower their next order), voids the invoice (which cancels its
 * payment intent, so the browser's secret can no longer pay) and cancels the incomplete subscription. Each
 * step only when still due, each keyed by the order: a retried or repeated stop changes nothing more.
 */
export async function stopFirstInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  const orderKey = `order-${details?.metadata?.order_id ?? invoice.id}`;
  if (invoice.status === 'open') {
    const credit = Number(details?.metadata?.proration_credit_cents ?? 0);
    const customer = refOf(invoice.customer);
    if (customer) await takeBackCredit(stripe, customer, credit, details?.metadata?.order_id ?? invoice.id);
    await stripe.invoices.voidInvoice(invoice.id, {}, { idempotencyKey: `${orderKey}-void` });
  }
  const subscriptionRef = refOf(details?.subscription);
  if (subscriptionRef) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
    if (subscription.status === 'incomplete') {
      await stripe.subscriptions.cancel(subscriptionRef, {}, { idempotencyKey: `${orderKey}-cancel` });
    }
  }
}

/** Gives back to the customer's balance the proration credit an order that will not be paid had taken. */
export async function takeBackCredit(stripe: Stripe, customer: string, creditCents: number, orderId: string) {
  if (creditCents <= 0) return;
  await stripe.customers.createBalanceTransaction(
    customer,
    {
      amount: creditCents,
      currency: 'eur',
      description: 'Credit taken back: the order was not paid',
      metadata: { order_id: orderId },
    },
    { idempotencyKey: `order-${orderId}-credit-back` },
  );
}

/**
 * The method that paid a subscription's invoice as the subscription's default, so renewals charge it. The
 * subscription is made with `save_default_payment_method: 'on_subscription'`, which Stripe applies when the first
 * invoice is paid; this sets it only where Stripe has not (keyed by the invoice: once however often it is asked).
 */
export async function makeSubscriptionDefault(stripe: Stripe, invoice: Stripe.Invoice, methodRef: string) {
  const subscriptionRef = refOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionRef) return;
  const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
  const current = subscription.default_payment_method;
  if (refOf(current) === methodRef) return;
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
  await stripe.subscriptions.update(
    subscriptionRef,
    { default_payment_method: methodRef },
    { idempotencyKey: `paid-${invoice.id}-default-method` },
  );
}

/** The invoice's payment intent: the one that paid it, else its default (or first) payment's. */
export function firstPaymentIntent(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment =
    payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
  const intent = payment?.payment.payment_intent;
  return refOf(intent);
}
