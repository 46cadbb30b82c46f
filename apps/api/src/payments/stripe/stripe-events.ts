import type Stripe from 'stripe';
import type { PaymentEvent } from '../provider.ts';
import { renewalInvoiceEvent, subscriptionEndedEvent } from './stripe-renewal-events.ts';

// Stripe's events reduced to PaymentEvents. One payment outcome makes several Stripe events (a paid first
// invoice: payment_intent.succeeded, invoice.payment_succeeded, invoice.paid; a failure:
// payment_intent.payment_failed, invoice.payment_failed). Exactly one of each group is mapped, so one outcome
// is one PaymentEvent and the handler's once-by-event-id plus forward-only statuses are enough:
// - succeeded: `invoice.paid` (the invoice is the paymentRef; it is also sent when the credit balance or an
//   out-of-band payment settles it). invoice.payment_succeeded and payment_intent.succeeded are its twins.
// - failed: `payment_intent.payment_failed`: it alone carries the reason (last_payment_error);
//   invoice.payment_failed is its twin without one.
// - processing: `payment_intent.processing` (SEPA debits): there is no invoice event for it.
// Payment intent events name the invoice through the metadata the provider gave the intent (invoice_id);
// without it (an intent we did not start) they are ignored.

const SEPA_FAILED = 'sepa_debit_failed';

export function paymentEventFromStripe(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, provider: 'stripe' as const, occurredAt: new Date(event.created * 1000) };
  const none = { paymentMethodLabel: null, failureCode: null, failureMessage: null };
  switch (event.type) {
    case 'invoice.paid':
      return (
        renewalInvoiceEvent(base, 'payment.succeeded', event.data.object) ?? {
          ...base,
          ...none,
          type: 'payment.succeeded',
          paymentRef: event.data.object.id,
        }
      );
    // A renewal's failure (Stripe's own intents carry no invoice_id: payment_intent.payment_failed ignores them).
    case 'invoice.payment_failed':
      return renewalInvoiceEvent(base, 'payment.failed', event.data.object);
    case 'customer.subscription.deleted':
      return subscriptionEndedEvent(base, event.data.object);
    case 'payment_intent.processing': {
      const ref = invoiceOf(event.data.object);
      return ref ? { ...base, ...none, type: 'payment.processing', paymentRef: ref } : null;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const ref = invoiceOf(intent);
      if (!ref) return null;
      const error = intent.last_payment_error;
      const sepa =
        error?.payment_method?.type === 'sepa_debit' || intent.payment_method_types.includes('sepa_debit');
      return {
        ...base,
        type: 'payment.failed',
        paymentRef: ref,
        paymentMethodLabel: error?.payment_method ? methodLabel(error.payment_method) : null,
        failureCode: error?.decline_code ?? error?.code ?? (sepa ? SEPA_FAILED : null),
        failureMessage: error?.message ?? null,
      };
    }
    default:
      return null;
  }
}

function invoiceOf(intent: Stripe.PaymentIntent): string | null {
  return intent.metadata?.invoice_id ?? null;
}

/** Stripe's card brand ids as cardholders read them. */
export const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa •••• 4242" / "SEPA DE •••• 3000" (Stripe does not tell an IBAN's check digits). */
export function methodLabel(method: Stripe.PaymentMethod): string | null {
  if (method.type === 'card' && method.card?.last4) {
    return `${CARD_BRANDS[method.card.brand] ?? 'Card'} •••• ${method.card.last4}`;
  }
  if (method.type === 'sepa_debit' && method.sepa_debit?.last4) {
    return ['SEPA', method.sepa_debit.country, '••••', method.sepa_debit.last4].filter(Boolean).join(' ');
  }
  return null;
}
