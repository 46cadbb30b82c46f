import type { PaymentMethodInfo } from '@pet/shared';
import Stripe from 'stripe';
import type { PaymentEvent, SavedPaymentMethod, SetupSessionInput } from '../provider.ts';
import { CARD_BRANDS, methodLabel } from './stripe-events.ts';
import { refOf } from './stripe-ref.ts';

// A new payment method through Stripe (ADR 0011 "Payment method"): Checkout in setup mode, its completion
// (`checkout.session.completed` names only the SetupIntent, so the method is fetched before the event is
// applied and made the default of the customer and the subscription), and the saved method's details.

export async function createStripeSetupSession(
  stripe: Stripe,
  input: SetupSessionInput,
): Promise<{ id: string; url: string }> {
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: input.customerRef,
    currency: 'eur',
    allowed_payment_method_types: ['card', 'sepa_debit'],
    // Stripe puts the session's id where the placeholder is, so the return page could name it.
    success_url: withSessionId(input.successUrl),
    cancel_url: input.cancelUrl,
    metadata: { user_id: input.userId, subscription_ref: input.subscriptionRef ?? '' },
  });
  if (!session.url) throw new Error(`Stripe's setup session ${session.id} came without its URL`);
  return { id: session.id, url: session.url };
}

function withSessionId(url: string): string {
  const parsed = new URL(url);
  // URLSearchParams would encode the braces Stripe looks for.
  return `${parsed.origin}${parsed.pathname}?${parsed.searchParams.toString() ? `${parsed.searchParams}&` : ''}session_id={CHECKOUT_SESSION_ID}${parsed.hash}`;
}

/** `checkout.session.completed` of a setup session as a payment_method.updated (method still unknown). */
export function setupEventFromStripe(event: Stripe.Event): PaymentEvent | null {
  if (event.type !== 'checkout.session.completed') return null;
  const session = event.data.object;
  if (session.mode !== 'setup') return null;
  const setupRef = refOf(session.setup_intent);
  const customerRef = refOf(session.customer);
  if (!setupRef || !customerRef) return null;
  return {
    id: event.id,
    provider: 'stripe',
    type: 'payment_method.updated',
    customerRef,
    subscriptionRef: session.metadata?.subscription_ref || null,
    setupRef,
    paymentMethodRef: null,
    paymentRef: '',
    occurredAt: new Date(event.created * 1000),
    paymentMethodLabel: null,
    failureCode: null,
    failureMessage: null,
  };
}

export async function completeStripeSetup(
  stripe: Stripe,
  event: PaymentEvent,
): Promise<SavedPaymentMethod | null> {
  if (!event.setupRef) return null;
  const intent = await stripe.setupIntents.retrieve(event.setupRef, { expand: ['payment_method'] });
  const method = intent.payment_method;
  if (!method || typeof method === 'string') return null;
  const key = (what: string) => `setup-${event.setupRef}-${what}`;
  const customerRef = event.customerRef ?? (typeof intent.customer === 'string' ? intent.customer : null);
  if (customerRef) {
    await stripe.customers.update(
      customerRef,
      { invoice_settings: { default_payment_method: method.id } },
      { idempotencyKey: key('customer') },
    );
  }
  if (event.subscriptionRef) {
    const subscription = await stripe.subscriptions.update(
      event.subscriptionRef,
      { default_payment_method: method.id },
      { idempotencyKey: key('subscription') },
    );
    await payOverdueRenewal(stripe, subscription, method.id, key('pay'));
  }
  return {
    paymentMethodRef: method.id,
    method: method.type === 'sepa_debit' ? 'sepa' : 'card',
    label: methodLabel(method),
  };
}

/**
 * A renewal that failed (past_due) is charged at once with the method just saved, instead of at Stripe's next
 * retry days later; its outcome arrives as invoice events like any renewal's. A decline here changes nothing
 * more: the invoice stays open and Stripe's own retries go on with the new default method.
 */
async function payOverdueRenewal(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  paymentMethodRef: string,
  idempotencyKey: string,
): Promise<void> {
  if (subscription.status !== 'past_due' || !subscription.latest_invoice) return;
  const invoiceRef =
    typeof subscription.latest_invoice === 'string'
      ? subscription.latest_invoice
      : subscription.latest_invoice.id;
  if (!invoiceRef) return;
  const invoice = await stripe.invoices.retrieve(invoiceRef);
  if (invoice.status !== 'open') return;
  try {
    await stripe.invoices.pay(invoiceRef, { payment_method: paymentMethodRef }, { idempotencyKey });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
  }
}

export async function describeStripeMethod(
  stripe: Stripe,
  paymentMethodRef: string | null,
): Promise<PaymentMethodInfo | null> {
  if (!paymentMethodRef) return null;
  const method = await stripe.paymentMethods.retrieve(paymentMethodRef);
  if (method.type === 'card' && method.card) {
    return {
      type: 'card',
      brand: CARD_BRANDS[method.card.brand] ?? 'Card',
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
      country: null,
    };
  }
  if (method.type === 'sepa_debit' && method.sepa_debit?.last4) {
    return {
      type: 'sepa',
      brand: null,
      last4: method.sepa_debit.last4,
      exp_month: null,
      exp_year: null,
      country: method.sepa_debit.country,
    };
  }
  return null;
}
