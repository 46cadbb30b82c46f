import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { cataloguePrices, catalogueRoutes } from './fake-stripe/catalogue.ts';
import { checkoutSessionRoutes, completeSetup } from './fake-stripe/checkout-sessions.ts';
import { customerRoutes } from './fake-stripe/customers.ts';
import type { SignedEvent } from './fake-stripe/events.ts';
import { fakeStripeServer, type RecordedRequest } from './fake-stripe/http.ts';
import { invoiceRoutes, settleInvoice } from './fake-stripe/invoices.ts';
import type { Obj, Params } from './fake-stripe/objects.ts';
import { paymentIntentRoutes } from './fake-stripe/payment-intents.ts';
import { paymentMethodRoutes } from './fake-stripe/payment-methods.ts';
import { deleteSubscription, renewSubscription } from './fake-stripe/renewals.ts';
import { scheduleRoutes } from './fake-stripe/schedules.ts';
import { setupIntentRoutes } from './fake-stripe/setup-intents.ts';
import { createStore } from './fake-stripe/store.ts';
import { subscriptionRoutes } from './fake-stripe/subscriptions.ts';

// A small fake of Stripe's HTTP API for the Stripe provider's tests (Stripe's servers cannot be reached here,
// and there is no stripe-mock). The real `stripe` SDK talks to it over HTTP (fake-stripe/http.ts). Only the
// endpoints the provider calls exist, one file per Stripe resource under fake-stripe/; this file assembles
// them. A test moves a payment on (`settle`) and gets the events Stripe would send, signed.

export { cataloguePrices } from './fake-stripe/catalogue.ts';
export { decodeForm, type RecordedRequest } from './fake-stripe/http.ts';
export type { Obj, Params, SignedEvent };

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  /** Stored objects by id (customers, coupons, subscriptions, invoices, payment intents, ...). */
  objects: Map<string, Obj>;
  /** Moves an invoice's payment on and answers the events Stripe would send, in Stripe's order. */
  settle(
    invoiceId: string,
    outcome: 'paid' | 'processing' | 'failed',
    failure?: { code?: string; decline_code?: string; message?: string },
  ): SignedEvent[];
  /**
   * Completes a setup-mode Checkout session with a new card (Visa 4242) or SEPA (DE … 3000) method and answers
   * the events Stripe would send (setup_intent.succeeded, checkout.session.completed).
   */
  completeSetup(sessionId: string, kind: 'card' | 'sepa'): SignedEvent[];
  /**
   * Stripe renewing a subscription by itself: a cycle invoice for the next period on the subscription's price,
   * charged off-session, and the events Stripe sends (paid: payment_intent.succeeded, invoice.payment_succeeded,
   * invoice.paid; failed: payment_intent.payment_failed, invoice.payment_failed).
   */
  renew(
    subscriptionId: string,
    outcome: 'paid' | 'failed',
    period: { start: number; end: number },
  ): SignedEvent[];
  /** Stripe ending a subscription (its last retry failed, or a cancelled term ended): customer.subscription.deleted. */
  deleteSubscription(subscriptionId: string): SignedEvent[];
  /** Any event, signed (for the types the provider ignores). */
  signEvent(type: string, object: Record<string, unknown>, options?: { timestamp?: number }): SignedEvent;
  /**
   * The events Stripe sent by itself after a call of the app (an open invoice paid through `invoices.pay`),
   * oldest first; taking them empties the list.
   */
  takeSentEvents(): SignedEvent[];
  /** Forgets the idempotency keys, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

/**
 * The fake Stripe for the calling scope of an API test file, and the env that points the app at it. Call it
 * before useTestApp and hand it the env (filled in this scope's beforeAll, which runs before the app's):
 *   const stripe = useFakeStripe();
 *   const t = useTestApp({ env: stripe.env });
 */
export function useFakeStripe(prices?: Record<string, number>): {
  env: Record<string, string>;
  readonly fake: FakeStripe;
} {
  let current: FakeStripe | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    current = await startFakeStripe(prices);
    Object.assign(env, {
      STRIPE_SECRET_KEY: current.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_stripe',
      STRIPE_WEBHOOK_SECRET: current.webhookSecret,
      STRIPE_API_URL: current.url,
    });
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    env,
    get fake() {
      if (!current) throw new Error('useFakeStripe: the fake exists from beforeAll to afterAll of its scope');
      return current;
    },
  };
}

/**
 * Starts the fake on 127.0.0.1. `prices`: price ids with their amounts in cents (default: every catalogue's);
 * an unknown price is refused like Stripe's missing resource.
 */
export async function startFakeStripe(prices?: Record<string, number>): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const store = createStore(prices ?? (await cataloguePrices()), webhookSecret);
  const { server, requests, forgetIdempotencyKeys } = fakeStripeServer(
    {
      ...customerRoutes(store),
      ...catalogueRoutes(store),
      ...subscriptionRoutes(store),
      ...scheduleRoutes(store),
      ...invoiceRoutes(store),
      ...paymentIntentRoutes(store),
      ...checkoutSessionRoutes(store),
      ...setupIntentRoutes(store),
      ...paymentMethodRoutes(store),
    },
    secretKey,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    objects: store.objects,
    settle: (invoiceId, outcome, failure) => settleInvoice(store, invoiceId, outcome, failure),
    completeSetup: (sessionId, kind) => completeSetup(store, sessionId, kind),
    renew: (subscriptionId, outcome, period) => renewSubscription(store, subscriptionId, outcome, period),
    deleteSubscription: (subscriptionId) => deleteSubscription(store, subscriptionId),
    signEvent: store.signEvent,
    takeSentEvents: () => store.sent.splice(0),
    forgetIdempotencyKeys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
