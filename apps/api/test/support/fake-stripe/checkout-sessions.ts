import { StripeError } from './error.ts';
import type { SignedEvent } from './events.ts';
import type { Routes } from './http.ts';
import type { Params } from './objects.ts';
import { savePaymentMethod } from './payment-methods.ts';
import type { FakeStripeStore } from './store.ts';

// Checkout sessions in setup mode (a new payment method, issue 14): the session and its SetupIntent, and the
// customer completing it (`completeSetup`), which gives the events Stripe sends.

export function checkoutSessionRoutes(store: FakeStripeStore): Routes {
  const { get, save, newId: id, now } = store;
  const createSetupSession = (params: Params) => {
    if (params.mode !== 'setup') throw new StripeError(400, 'parameter_invalid', 'Only setup mode is faked.');
    const customer = get('cus', String(params.customer));
    const intent = save({
      id: id('seti'),
      object: 'setup_intent',
      customer: customer.id,
      status: 'requires_payment_method',
      payment_method: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      created: now(),
    });
    const sessionId = id('cs_test');
    return save({
      id: sessionId,
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      customer: customer.id,
      setup_intent: intent.id,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      metadata: params.metadata ?? {},
      created: now(),
    });
  };
  return {
    'POST /v1/checkout/sessions': ({ params }) => createSetupSession(params),
  };
}

/**
 * Completes a setup-mode Checkout session with a new card or SEPA method: setup_intent.succeeded,
 * checkout.session.completed.
 */
export function completeSetup(
  store: FakeStripeStore,
  sessionId: string,
  kind: 'card' | 'sepa',
): SignedEvent[] {
  const session = store.objects.get(sessionId);
  if (session?.object !== 'checkout.session') throw new Error(`no checkout session ${sessionId}`);
  const intent = store.get('seti', String(session.setup_intent));
  const method = savePaymentMethod(store, kind, session.customer);
  intent.status = 'succeeded';
  intent.payment_method = method.id;
  session.status = 'complete';
  return [
    store.signEvent('setup_intent.succeeded', { ...intent }),
    store.signEvent('checkout.session.completed', { ...session }),
  ];
}
