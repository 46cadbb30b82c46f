import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  CouponRefusedError,
  type PaymentProvider,
  type StartedPayment,
  type StartPaymentInput,
} from '../provider.ts';
import { verifyStripeSignature } from '../webhook-signature.ts';
import { ensureOptionalServiceProduct, ensureStripeCoupon, ensureTrackerProduct } from './stripe-catalog.ts';
import { methodLabel, paymentEventFromStripe } from './stripe-events.ts';
import {
  firstPaymentIntent,
  makeSubscriptionDefault,
  stopFirstInvoice,
  takeBackCredit,
} from './stripe-first-invoice.ts';
import {
  completeStripeSetup,
  createStripeSetupSession,
  describeStripeMethod,
  setupEventFromStripe,
} from './stripe-setup.ts';
import { changeKey, releaseSchedule, scheduleNextTermPrice } from './stripe-subscription-changes.ts';

// The Stripe provider (issue 13, point 2): the stripe SDK against Stripe's API (or STRIPE_API_URL, the
// tests' fake Stripe). Every write carries an idempotency key derived from our order id, so a request
// retried after a timeout or a crash answers the object the first one made and never charges twice.
//
// paymentRef is the subscription's first invoice (in_…): the invoice events name it themselves, and the
// invoice's payment intent carries it in its metadata (set here), so its events name it too.
// The webhook endpoint at Stripe must send events in the API version pinned here (the SDK's): an event's
// shape follows the endpoint's version, not the client's.

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (http://127.0.0.1:PORT for the fake Stripe); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

/** The API version the SDK's types describe; pinned so an account's default cannot change the shapes. */
const API_VERSION = Stripe.API_VERSION as Stripe.LatestApiVersion;

function stripeClient(config: StripeProviderConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    apiVersion: API_VERSION,
    // Retries reuse our idempotency keys, so a retried write is safe; a checkout waits at most ~2 × 20 s.
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
    }),
  });
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = stripeClient(config);

  return hidingStripeStatus({
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createCustomer({ userId, email, name }) {
      // Keyed by the user and what is sent: a retry makes no second customer, and a retry with another name
      // (Stripe refuses a key reused with other parameters) makes a new one instead of failing the checkout.
      const sent = createHash('sha256').update(`${email}\n${name}`).digest('hex').slice(0, 16);
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: userId } },
        { idempotencyKey: `customer-${userId}-${sent}` },
      );
      return customer.id;
    },

    async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
      const metadata = { order_id: input.orderId, user_id: input.userId };
      const key = (step: string) => `order-${input.orderId}-${step}`;
      const couponRef = input.coupon && (await ensureStripeCoupon(stripe, input.coupon));
      const trackerProduct = input.trackerCents > 0 && (await ensureTrackerProduct(stripe));
      const service = input.optionalService;
      const serviceProduct = service && (await ensureOptionalServiceProduct(stripe, service));
      // The one-time lines of the first invoice: the tracker and the brand's optional service.
      const oneTime = [
        ...(trackerProduct ? [{ product: trackerProduct, cents: input.trackerCents }] : []),
        ...(service && serviceProduct ? [{ product: serviceProduct, cents: service.cents }] : []),
      ];
      if (input.prorationCreditCents > 0) {
        // The unused days of the replaced term, as credit the first invoice takes when it is finalized.
        await stripe.customers.createBalanceTransaction(
          input.customerRef,
          {
            amount: -input.prorationCreditCents,
            currency: 'eur',
            description: `Credit for the unused days of the replaced plan (order ${input.orderId})`,
            metadata,
          },
          { idempotencyKey: key('credit') },
        );
      }
      const subscription = await stripe.subscriptions
        .create(
          {
            customer: input.customerRef,
            // The coupon on the plan's item only: our discount is on the plan's price, never on the tracker.
            items: [{ price: input.priceId, ...(couponRef && { discounts: [{ coupon: couponRef }] }) }],
            payment_behavior: 'default_incomplete',
            payment_settings: {
              payment_method_types: [input.method === 'sepa' ? 'sepa_debit' : 'card'],
              save_default_payment_method: 'on_subscription',
            },
            ...(oneTime.length > 0 && {
              add_invoice_items: oneTime.map((item) => ({
                price_data: { currency: 'eur', product: item.product, unit_amount: item.cents },
                metadata,
              })),
            }),
            description: input.description,
            // The credit is kept here too, so stopping the payment can take back exactly what was given.
            metadata: { ...metadata, proration_credit_cents: String(input.prorationCreditCents) },
            // This API version has no invoice.payment_intent: the client secret is the invoice's
            // confirmation_secret, and its payment intent is found through the invoice's payments.
            expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
          },
          { idempotencyKey: key('subscription') },
        )
        .catch(async (error: unknown) => {
          if (!isCouponRefusal(error)) throw error;
          // Stripe made nothing for the order; only the credit given above is still there.
          await takeBackCredit(stripe, input.customerRef, input.prorationCreditCents, input.orderId);
          throw new CouponRefusedError();
        });
      const invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice !== 'object') {
        throw new Error(`Stripe subscription ${subscription.id} came without its first invoice`);
      }
      const clientSecret = invoice.confirmation_secret?.client_secret;
      const intentId = firstPaymentIntent(invoice);
      if (invoice.amount_due !== input.totalCents || !clientSecret || !intentId) {
        // Never let the browser pay another amount than the one we computed and will invoice.
        await stopFirstInvoice(stripe, invoice);
        throw new Error(
          `Stripe's first invoice ${invoice.id} (${invoice.amount_due} cents, ${clientSecret ? 'with' : 'without'} a secret) does not pay order ${input.orderId} (${input.totalCents} cents): are the Stripe prices or coupon not ours?`,
        );
      }
      await stripe.paymentIntents.update(
        intentId,
        { metadata: { ...metadata, invoice_id: invoice.id } },
        { idempotencyKey: key('payment-intent') },
      );
      return { paymentRef: invoice.id, clientSecret, subscriptionRef: subscription.id };
    },

    async cancelPayment(paymentRef) {
      const invoice = await stripe.invoices.retrieve(paymentRef, { expand: ['payments'] });
      if (invoice.status === 'paid') return false;
      const intentId = firstPaymentIntent(invoice);
      if (intentId) {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        if (intent.status === 'succeeded' || intent.status === 'processing') return false;
      }
      await stopFirstInvoice(stripe, invoice);
      return true;
    },

    async paidMethod(paymentRef) {
      // Invoice events carry neither the payment nor its method: one read of each, the method expanded.
      const invoice = await stripe.invoices.retrieve(paymentRef, { expand: ['payments'] });
      const intentId = firstPaymentIntent(invoice);
      if (!intentId) return { paymentMethodRef: null, label: null };
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
      const method = intent.payment_method;
      if (!method || typeof method !== 'object') return { paymentMethodRef: null, label: null };
      await makeSubscriptionDefault(stripe, invoice, method.id);
      return { paymentMethodRef: method.id, label: methodLabel(method) };
    },

    async endSubscription(subscriptionRef) {
      // Ended already (a repeated call after Stripe forgot the key): nothing more to do.
      const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      // We credited the unused days ourselves (the upgrade's proration), so Stripe must neither prorate nor
      // invoice anything more.
      await stripe.subscriptions.cancel(
        subscriptionRef,
        { prorate: false, invoice_now: false },
        { idempotencyKey: `end-${subscriptionRef}` },
      );
    },

    describePaymentMethod: (_customerRef, paymentMethodRef) => describeStripeMethod(stripe, paymentMethodRef),
    createSetupSession: (input) => createStripeSetupSession(stripe, input),
    completeSetup: (event) => completeStripeSetup(stripe, event),
    async chargeRenewal() {
      // Stripe renews its subscriptions by itself; its invoice events report the outcome (stripe-events.ts).
      return 'provider-managed' as const;
    },

    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      // Stripe refuses to change the cancellation of a subscription a schedule manages. The app withdraws a
      // downgrade before it cancels, so a schedule left here holds no change of ours any more (at most the
      // downgraded plan's own last phase, which the subscription already bills): it is released first.
      await releaseSchedule(stripe, await stripe.subscriptions.retrieve(subscriptionRef));
      await stripe.subscriptions.update(
        subscriptionRef,
        { cancel_at_period_end: cancel },
        { idempotencyKey: changeKey(subscriptionRef, `cancel-at-period-end-${cancel}`) },
      );
    },

    setNextTermPrice: (subscriptionRef, priceId) => scheduleNextTermPrice(stripe, subscriptionRef, priceId),

    parseEvent(rawBody, signatureHeader) {
      const event = verifyStripeSignature(rawBody, signatureHeader, config.webhookSecret);
      return setupEventFromStripe(event) ?? paymentEventFromStripe(event);
    },
  });
}

/**
 * The SDK's errors carry Stripe's HTTP status (`statusCode`), which the app's error handler takes for a
 * client error of ours: a 404 would answer the user Stripe's own message, unlogged. A Stripe failure is a
 * server failure, so the calls rethrow it as a plain error (a 500 that is logged and hidden), Stripe's
 * status, code and message kept in its message for the log.
 */
function hidingStripeStatus(provider: PaymentProvider): PaymentProvider {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        const what = `${error.statusCode ?? 'no status'} ${error.code ?? error.type}`;
        throw new Error(`Stripe answered ${what}: ${error.message}`, { cause: error });
      }
    };
  return {
    ...provider,
    createCustomer: guard(provider.createCustomer),
    startPayment: guard(provider.startPayment),
    cancelPayment: guard(provider.cancelPayment),
    paidMethod: guard(provider.paidMethod),
    endSubscription: guard(provider.endSubscription),
    describePaymentMethod: guard(provider.describePaymentMethod),
    createSetupSession: guard(provider.createSetupSession),
    completeSetup: guard(provider.completeSetup),
    setCancelAtPeriodEnd: guard(provider.setCancelAtPeriodEnd),
    setNextTermPrice: guard(provider.setNextTermPrice),
  };
}

/**
 * Stripe's refusals of the coupon on the subscription: deleted there (`resource_missing` naming the coupon
 * parameter) or no longer redeemable (`coupon_expired`: its redeem_by passed or max_redemptions reached).
 */
function isCouponRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error.code === 'coupon_expired') return true;
  return error.code === 'resource_missing' && /coupon/.test(error.param ?? '');
}
