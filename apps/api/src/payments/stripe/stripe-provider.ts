import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  LIFECYCLE_NOT_BUILT,
  type PaymentProvider,
  type StartedPayment,
  type StartPaymentInput,
} from '../provider.ts';
import { verifyStripeSignature } from '../webhook-signature.ts';
import { paymentEventFromStripe } from './stripe-events.ts';

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

  return {
    ...LIFECYCLE_NOT_BUILT,
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
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerRef,
          // The coupon on the plan's item only: our discount is on the plan's price, never on the tracker.
          items: [{ price: input.priceId, ...(couponRef && { discounts: [{ coupon: couponRef }] }) }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            payment_method_types: [input.method === 'sepa' ? 'sepa_debit' : 'card'],
            save_default_payment_method: 'on_subscription',
          },
          ...(trackerProduct && {
            add_invoice_items: [
              {
                price_data: { currency: 'eur', product: trackerProduct, unit_amount: input.trackerCents },
                metadata,
              },
            ],
          }),
          description: input.description,
          // The credit is kept here too, so stopping the payment can take back exactly what was given.
          metadata: { ...metadata, proration_credit_cents: String(input.prorationCreditCents) },
          // This API version has no invoice.payment_intent: the client secret is the invoice's
          // confirmation_secret, and its payment intent is found through the invoice's payments.
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
        },
        { idempotencyKey: key('subscription') },
      );
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

    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      await stripe.subscriptions.update(
        subscriptionRef,
        { cancel_at_period_end: cancel },
        { idempotencyKey: changeKey(subscriptionRef, `cancel-at-period-end-${cancel}`) },
      );
    },

    async setNextTermPrice(subscriptionRef, priceId) {
      // The item keeps its id (a new item would bill both plans); no proration: the current term stays
      // paid as it is and the new price is billed from the next renewal on.
      const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionRef} has no item to change`);
      if (item.price.id === priceId) return;
      await stripe.subscriptions.update(
        subscriptionRef,
        { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' },
        { idempotencyKey: changeKey(subscriptionRef, `price-${priceId}`) },
      );
    },

    parseEvent(rawBody, signatureHeader) {
      return paymentEventFromStripe(verifyStripeSignature(rawBody, signatureHeader, config.webhookSecret));
    },
  };
}

/**
 * The idempotency key of one subscription change. A user may cancel, revoke and cancel again: a key per
 * state would replay the first cancel's stored answer and change nothing, so each call has its own key,
 * which the SDK reuses for its own retries of that call. Setting a state twice is harmless at Stripe.
 */
function changeKey(subscriptionRef: string, change: string): string {
  return `${subscriptionRef}-${change}-${randomUUID()}`;
}

/**
 * Makes a Stripe object whose id we choose, once: a repeated call within Stripe's 24 hours is answered by the
 * idempotency key, a later one by Stripe's "already exists", and either way the id is ours to reuse.
 */
async function createWithOurId(id: string, create: (options: Stripe.RequestOptions) => Promise<unknown>) {
  try {
    await create({ idempotencyKey: `${id}-create` });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists'))
      throw error;
  }
  return id;
}

/** Our coupon at Stripe, made on its first use there from our terms; its id (so its providerRef) is ours. */
function ensureStripeCoupon(stripe: Stripe, coupon: NonNullable<StartPaymentInput['coupon']>) {
  if (coupon.providerRef) return coupon.providerRef;
  return createWithOurId(coupon.id, (options) =>
    stripe.coupons.create(
      {
        id: coupon.id,
        name: coupon.code,
        ...(coupon.percentOff !== null
          ? { percent_off: coupon.percentOff }
          : { amount_off: coupon.amountOffCents ?? 0, currency: 'eur' }),
        duration: coupon.duration as Stripe.CouponCreateParams.Duration,
        ...(coupon.duration === 'repeating' && { duration_in_months: coupon.durationInMonths ?? 1 }),
        metadata: { coupon_id: coupon.id },
      },
      options,
    ),
  );
}

/** The Stripe product the one-time tracker line is sold as (a one-time price needs a product at Stripe). */
const TRACKER_PRODUCT = 'pet_portal_gps_tracker';

function ensureTrackerProduct(stripe: Stripe) {
  return createWithOurId(TRACKER_PRODUCT, (options) =>
    stripe.products.create({ id: TRACKER_PRODUCT, name: 'GPS tracker' }, options),
  );
}

/**
 * Stops a subscription's unpaid first invoice: takes back our proration credit (voiding gives the applied
 * balance back to the customer, where it would lower their next order), voids the invoice (which cancels its
 * payment intent, so the browser's secret can no longer pay) and cancels the incomplete subscription. Each
 * step only when still due, each keyed by the order: a retried or repeated stop changes nothing more.
 */
async function stopFirstInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  const orderKey = `order-${details?.metadata?.order_id ?? invoice.id}`;
  if (invoice.status === 'open') {
    const credit = Number(details?.metadata?.proration_credit_cents ?? 0);
    const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
    if (credit > 0 && customer) {
      await stripe.customers.createBalanceTransaction(
        customer,
        {
          amount: credit,
          currency: 'eur',
          description: 'Credit taken back: the order was not paid',
          metadata: { order_id: details?.metadata?.order_id ?? '' },
        },
        { idempotencyKey: `${orderKey}-credit-back` },
      );
    }
    await stripe.invoices.voidInvoice(invoice.id, {}, { idempotencyKey: `${orderKey}-void` });
  }
  const subscriptionRef =
    typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id;
  if (subscriptionRef) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
    if (subscription.status === 'incomplete') {
      await stripe.subscriptions.cancel(subscriptionRef, {}, { idempotencyKey: `${orderKey}-cancel` });
    }
  }
}

function firstPaymentIntent(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0];
  const intent = payment?.payment.payment_intent;
  return (typeof intent === 'string' ? intent : intent?.id) ?? null;
}
