import type { PaymentMethod, PaymentMethodInfo, PaymentProviderName, PayType } from '@pet/shared';

// The one interface both payment providers implement (DESIGN.md "payments"): `sandbox` (offline, behaves
// like Stripe's test mode) and `stripe` (the stripe SDK). modules/billing talks only to this interface;
// the provider's events come back through one webhook route (POST /v1/payments/webhook) into one handler.
// Our prices are the truth: the provider is told the amounts modules/billing computed.

export interface BillingAddress {
  name: string;
  email: string;
  street: string;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  phone: string;
}

export interface StartPaymentInput {
  /** Our order id: also the idempotency key of every write the provider makes for it. */
  orderId: string;
  userId: string;
  customerRef: string;
  method: PaymentMethod;
  productId: string;
  /** The catalogue's price id (`price_<partner>_<key>_<period>`) and what it bills. */
  priceId: string;
  payType: PayType;
  /** Cents: the plan's price, the one-time tracker, the coupon's discount, the proration credit, the total. */
  planCents: number;
  trackerCents: number;
  discountCents: number;
  /** The brand's optional service chosen at checkout (a one-time line like the tracker), or null. */
  optionalService: { key: string; name: string; cents: number } | null;
  prorationCreditCents: number;
  totalCents: number;
  /**
   * The coupon, or null. Stripe makes its own copy on first use (id = our coupon id, from these terms; the
   * coupons row itself fits this shape).
   */
  coupon: {
    id: string;
    code: string;
    providerRef: string | null;
    percentOff: number | null;
    amountOffCents: number | null;
    /** once | repeating | forever */
    duration: string;
    durationInMonths: number | null;
  } | null;
  /** The user's current provider subscription that this order replaces (an upgrade), or null. */
  replacesSubscriptionRef: string | null;
  billing: BillingAddress;
  description: string;
}

export interface StartedPayment {
  /** The provider's reference that its events name (Stripe: the invoice or payment intent; sandbox: pi_…). */
  paymentRef: string;
  /** What the browser confirms the payment with. */
  clientSecret: string;
  /** The provider's subscription, when it made one (Stripe), else null. */
  subscriptionRef: string | null;
}

/** A renewal the sandbox charges (issue 14): Stripe renews by itself and answers 'provider-managed'. */
export interface RenewalInput {
  userId: string;
  customerRef: string;
  subscriptionRef: string | null;
  /** The saved method (subscriptions.payment_method_ref) and its kind. */
  paymentMethodRef: string | null;
  method: PaymentMethod;
  /** The price the new term bills (the downgrade's target when one is scheduled) and what it costs. */
  priceId: string;
  payType: PayType;
  totalCents: number;
  /** The term the charge pays for; with the subscription, the idempotency key (one charge per term). */
  periodStart: Date;
  periodEnd: Date;
  description: string;
}

/** A payment method a setup checkout saved: renewals are charged to it. */
export interface SavedPaymentMethod {
  paymentMethodRef: string;
  method: PaymentMethod;
  /** "Visa •••• 4242" / "SEPA DE •••• 3000"; null when the provider does not say. */
  label: string | null;
}

/** The method a payment was made with: `paymentMethodRef` pm_…, `label` "Visa •••• 4242" / "SEPA DE •••• 3000". */
export interface PaidMethod {
  paymentMethodRef: string | null;
  label: string | null;
}

/** A setup checkout for a new payment method (POST /v1/subscription/update_payment). */
export interface SetupSessionInput {
  userId: string;
  customerRef: string;
  subscriptionRef: string | null;
  /** The portal's own return pages (checked by the route). */
  successUrl: string;
  cancelUrl: string;
}

/**
 * A provider event, verified and reduced to what modules/billing acts on.
 * - payment.*: a payment of an order we started (`billingReason` first; `paymentRef` names the order), or of a
 *   renewal (`billingReason` renewal; no order exists yet for Stripe's own renewals: the handler makes the
 *   renewal order from the subscription named by `subscriptionRef`/`customerRef`, for `priceId` and the period).
 * - subscription.ended: the provider ended the subscription (Stripe: customer.subscription.deleted after its
 *   last retry or at a cancelled term's end): the paid plan ends (idempotent with the term-end job).
 * - payment_method.updated: a setup checkout completed: `paymentMethodRef` (and label) is the new saved method.
 */
export interface PaymentEvent {
  /** The provider's event id (evt_…): processed once. */
  id: string;
  provider: PaymentProviderName;
  type:
    | 'payment.succeeded'
    | 'payment.processing'
    | 'payment.failed'
    | 'subscription.ended'
    | 'payment_method.updated';
  /** first: the order's own payment (issue 13); renewal: a later term. Null for non-payment events. */
  billingReason?: 'first' | 'renewal' | null;
  /** The provider's customer and subscription the event concerns, when it says. */
  customerRef?: string | null;
  subscriptionRef?: string | null;
  /** renewal payments: the price billed, the term paid for and the amount. */
  priceId?: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  amountCents?: number | null;
  /** payment.succeeded and payment_method.updated: the method used / saved (pm_…), for later renewals. */
  paymentMethodRef?: string | null;
  /** payment_method.updated from Stripe: the setup checkout's SetupIntent (seti_…), whose method was saved. */
  setupRef?: string | null;
  /** Equals StartedPayment.paymentRef of the order it concerns ('' for events without a payment). */
  paymentRef: string;
  occurredAt: Date;
  /** succeeded: "Visa •••• 4242" / "SEPA DE89 •••• 3000" when the provider says. */
  paymentMethodLabel: string | null;
  /** failed: the provider's code (card_declined, insufficient_funds, sepa_debit_failed, …) and message. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key for the web app; null for the sandbox. */
  readonly publishableKey: string | null;
  /** The user's customer at the provider: made once, then reused (its ref is kept in billing_customers). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** Throws CouponRefusedError when the provider refuses the order's coupon (then nothing is left open there). */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /**
   * Stops a payment that has not succeeded (DELETE /v1/order/delete). Answers false when the provider says it
   * has already succeeded or is processing (then the order must not be canceled).
   */
  cancelPayment(paymentRef: string): Promise<boolean>;
  /**
   * The method that paid (its id, saved for renewals, and its label), for a succeeded event whose payload does
   * not carry them (Stripe's invoice events), made the provider subscription's default for renewals where it is
   * not yet (Stripe). Called before the event is applied, so a replay calls it again. Nulls when the provider
   * cannot tell.
   */
  paidMethod(paymentRef: string): Promise<PaidMethod>;
  /** After an upgrade is paid: ends the subscription it replaced, at once and without a refund (we credited it). */
  endSubscription(subscriptionRef: string): Promise<void>;
  // The subscription (issue 14): renewals, cancel, downgrade, payment method. Every write carries an idempotency key of ours (Stripe).
  /** Sandbox: charges the saved method for the next term and reports by events. Stripe: 'provider-managed'. */
  chargeRenewal(input: RenewalInput): Promise<{ paymentRef: string } | 'provider-managed'>;
  /** Cancel at the term's end (true) or withdraw that (false). The sandbox has nothing to tell. */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  /** The price billed from the next term on (a downgrade, or the current price again when withdrawn). No proration. */
  setNextTermPrice(subscriptionRef: string, priceId: string): Promise<void>;
  /** The saved method's details for display (GET /v1/user/payment_method); null when none is saved. */
  describePaymentMethod(
    customerRef: string,
    paymentMethodRef: string | null,
  ): Promise<PaymentMethodInfo | null>;
  /** A setup checkout session; its completion arrives as a payment_method.updated event. */
  createSetupSession(input: SetupSessionInput): Promise<{ id: string; url: string }>;
  /**
   * The method a payment_method.updated event saved, made the default where the provider keeps one (Stripe:
   * the SetupIntent's method, set on the customer and the subscription, idempotently); null when the event
   * names none. Called before the event is applied, so a replay calls it again.
   */
  completeSetup(event: PaymentEvent): Promise<SavedPaymentMethod | null>;
  /**
   * Verifies a webhook request (Stripe's `Stripe-Signature` scheme for both providers) and reduces it to a
   * PaymentEvent; null for event types we do not act on. Throws SignatureError when the signature is bad.
   */
  parseEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

export class SignatureError extends Error {
  constructor(message = 'invalid webhook signature') {
    super(message);
    this.name = 'SignatureError';
  }
}

/** The provider refused the order's coupon (unknown there, or no longer valid): the spec's 476 at Stripe. */
export class CouponRefusedError extends Error {
  constructor(message = 'the payment provider refused the coupon') {
    super(message);
    this.name = 'CouponRefusedError';
  }
}

/** What modules/billing exposes to the webhook route: apply one verified event, exactly once. */
export type PaymentEventHandler = (event: PaymentEvent) => Promise<'applied' | 'duplicate' | 'ignored'>;
