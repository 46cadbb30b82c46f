import type { PaymentMethod, PaymentProviderName, PayType } from '@pet/shared';

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

/** A provider event, verified and reduced to what modules/billing acts on. */
export interface PaymentEvent {
  /** The provider's event id (evt_…): processed once. */
  id: string;
  provider: PaymentProviderName;
  type: 'payment.succeeded' | 'payment.processing' | 'payment.failed';
  /** Equals StartedPayment.paymentRef of the order it concerns. */
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
   * The label of the method that paid ("Visa •••• 4242", "SEPA DE •••• 3000"), for a succeeded event whose
   * payload does not carry it (Stripe's invoice events); null when the provider cannot tell.
   */
  paymentMethodLabel(paymentRef: string): Promise<string | null>;
  /** After an upgrade is paid: ends the subscription it replaced, at once and without a refund (we credited it). */
  endSubscription(subscriptionRef: string): Promise<void>;
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
