import type Stripe from 'stripe';
import type { PaymentEvent } from '../provider.ts';
import { refOf } from './stripe-ref.ts';

// Stripe's own renewals (ADR 0011): Stripe bills each new term itself, so its cycle invoices name no order
// of ours. `invoice.paid` / `invoice.payment_failed` with billing_reason subscription_cycle become payment.*
// with billingReason renewal (the invoice is the paymentRef; its subscription, price, period and amount
// let the handler make the renewal order); `customer.subscription.deleted` (after Stripe's last retry, or
// at a cancelled term's end) becomes subscription.ended.

type Base = Pick<PaymentEvent, 'id' | 'provider' | 'occurredAt'>;

/** A cycle invoice's event, or null for any other invoice (first invoices stay with stripe-events.ts). */
export function renewalInvoiceEvent(
  base: Base,
  type: 'payment.succeeded' | 'payment.failed',
  invoice: Stripe.Invoice,
): PaymentEvent | null {
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const line = invoice.lines?.data[0];
  const price = line?.pricing?.price_details?.price;
  return {
    ...base,
    type,
    billingReason: 'renewal',
    paymentRef: invoice.id ?? '',
    customerRef: refOf(invoice.customer),
    subscriptionRef: refOf(invoice.parent?.subscription_details?.subscription),
    priceId: refOf(price),
    periodStart: line ? new Date(line.period.start * 1000) : null,
    periodEnd: line ? new Date(line.period.end * 1000) : null,
    amountCents: type === 'payment.succeeded' ? invoice.amount_paid : invoice.amount_due,
    paymentMethodLabel: null,
    failureCode: type === 'payment.failed' ? 'payment_failed' : null,
    failureMessage: null,
  };
}

export function subscriptionEndedEvent(base: Base, subscription: Stripe.Subscription): PaymentEvent {
  return {
    ...base,
    type: 'subscription.ended',
    paymentRef: '',
    customerRef: refOf(subscription.customer),
    subscriptionRef: subscription.id,
    paymentMethodLabel: null,
    failureCode: null,
    failureMessage: null,
  };
}
