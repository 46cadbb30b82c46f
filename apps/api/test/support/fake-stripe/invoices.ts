import { StripeError } from './error.ts';
import type { SignedEvent } from './events.ts';
import type { Routes } from './http.ts';
import type { Obj } from './objects.ts';
import { savePaymentMethod } from './payment-methods.ts';
import type { FakeStripeStore } from './store.ts';

// Invoices, made by the subscriptions (the first one, a new cycle, a renewal): read, paid now, voided; and a
// test moving an invoice's payment on (`settleInvoice`), which gives the events Stripe sends.

/** The invoice as the API shows it: `confirmation_secret` and `payments` only when expanded. */
export function showInvoice(invoice: Obj, expand: string[]) {
  const { confirmation_secret, payments, ...shown } = invoice;
  return {
    ...shown,
    ...(expand.includes('confirmation_secret') ? { confirmation_secret } : {}),
    ...(expand.includes('payments') ? { payments } : {}),
  };
}

const subscriptionOf = (invoice: Obj): string =>
  (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
const intentOf = (invoice: Obj): string =>
  ((invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0]?.payment
    .payment_intent ?? '') as string;

export function invoiceRoutes(store: FakeStripeStore): Routes {
  const { get, signEvent } = store;
  return {
    'GET /v1/invoices/in_:id': ({ objectId, expand }) => showInvoice(get('in', objectId), expand),
    // Paying an open invoice now, e.g. a failed renewal after the customer saved another method.
    'POST /v1/invoices/in_:id/pay': ({ objectId, params, expand }) => {
      const invoice = get('in', objectId);
      if (invoice.status !== 'open') {
        throw new StripeError(400, 'invoice_not_open', `Invoice ${objectId} is not open.`);
      }
      const intent = get('pi', intentOf(invoice));
      Object.assign(intent, {
        status: 'succeeded',
        last_payment_error: null,
        ...(typeof params.payment_method === 'string' ? { payment_method: params.payment_method } : {}),
      });
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        attempt_count: Number(invoice.attempt_count) + 1,
      });
      for (const payment of (invoice.payments as { data: Obj[] }).data) payment.status = 'paid';
      get('sub', subscriptionOf(invoice)).status = 'active';
      store.sent.push(
        signEvent('payment_intent.succeeded', { ...intent }),
        signEvent('invoice.payment_succeeded', showInvoice(invoice, [])),
        signEvent('invoice.paid', showInvoice(invoice, [])),
      );
      return showInvoice(invoice, expand);
    },
    'POST /v1/invoices/in_:id/void': ({ objectId, expand }) => {
      const invoice = get('in', objectId);
      if (invoice.status !== 'open') {
        throw new StripeError(400, 'invoice_not_editable', `You can only void open invoices.`);
      }
      invoice.status = 'void';
      // Since API version 2019-12-03 a voided invoice gives the balance it took back to the customer.
      const customer = get('cus', String(invoice.customer));
      customer.balance =
        Number(customer.balance) + Number(invoice.starting_balance) - Number(invoice.ending_balance);
      const intent = get('pi', intentOf(invoice));
      intent.status = 'canceled';
      return showInvoice(invoice, expand);
    },
  };
}

/** Moves an invoice's payment on and answers the events Stripe would send, in Stripe's order. */
export function settleInvoice(
  store: FakeStripeStore,
  invoiceId: string,
  outcome: 'paid' | 'processing' | 'failed',
  failure: { code?: string; decline_code?: string; message?: string } = {},
): SignedEvent[] {
  const { get, signEvent } = store;
  const invoice = get('in', invoiceId);
  const intent = get('pi', intentOf(invoice));
  const sepa = (intent.payment_method_types as string[]).includes('sepa_debit');
  const paymentMethod = savePaymentMethod(store, sepa ? 'sepa' : 'card', intent.customer);
  intent.payment_method = paymentMethod.id;
  const shown = () => showInvoice(invoice, []);
  if (outcome === 'processing') {
    intent.status = 'processing';
    return [signEvent('payment_intent.processing', { ...intent })];
  }
  if (outcome === 'paid') {
    intent.status = 'succeeded';
    intent.latest_charge = store.newId('ch');
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    for (const payment of (invoice.payments as { data: Array<Record<string, unknown>> }).data) {
      payment.status = 'paid';
    }
    const subscription = get('sub', subscriptionOf(invoice));
    subscription.status = 'active';
    // `save_default_payment_method: 'on_subscription'`: the method that paid becomes the subscription's default.
    const settings = subscription.payment_settings as { save_default_payment_method?: string } | null;
    if (settings?.save_default_payment_method === 'on_subscription') {
      subscription.default_payment_method = paymentMethod.id;
    }
    return [
      signEvent('payment_intent.succeeded', { ...intent }),
      signEvent('invoice.payment_succeeded', shown()),
      signEvent('invoice.paid', shown()),
    ];
  }
  intent.status = 'requires_payment_method';
  intent.last_payment_error = {
    type: sepa ? 'invalid_request_error' : 'card_error',
    ...(failure.code ? { code: failure.code } : {}),
    ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
    message: failure.message ?? 'The payment failed.',
    payment_method: paymentMethod,
  };
  invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
  return [
    signEvent('payment_intent.payment_failed', { ...intent }),
    signEvent('invoice.payment_failed', shown()),
  ];
}
