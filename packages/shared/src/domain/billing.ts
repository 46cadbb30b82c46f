// The billing domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/billing.ts.

/** The billing period chosen at checkout: monthly (1 month) or yearly (12 months). Lower case (spec). */
export const PAY_TYPES = ['monthly', 'yearly'] as const;

export type PayType = (typeof PAY_TYPES)[number];

/** Months one payment covers. */
export const PERIOD_MONTHS: Record<PayType, number> = { monthly: 1, yearly: 12 };

/** How the order is paid: credit card or SEPA direct debit (exclusive choices; card by default). */
export const PAYMENT_METHODS = ['card', 'sepa'] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment provider the server runs: `sandbox` (offline, Stripe test-mode behaviour) or `stripe`. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Smallest amount a payment may have (spec: 0.50 euro; 480 Amount_Less_Error below it). */
export const MIN_PAYMENT_CENTS = 50;

/** Pending: created, waiting for the payment; processing: a SEPA debit on its way; paid; failed; canceled. */
export const ORDER_STATUSES = ['pending', 'processing', 'paid', 'failed', 'canceled'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** new: first paid plan; upgrade: from a paid plan; renewal: the next term (the subscription, issue 14). */
export const ORDER_TYPES = ['new', 'upgrade', 'renewal'] as const;

export type OrderType = (typeof ORDER_TYPES)[number];

/** Coupon audiences: `coupon_for` of POST /v1/coupon/isvalid; the web sends existing_customer (spec). */
export const COUPON_FOR = ['existing_customer', 'new_customer'] as const;

/** The server messages of an unusable coupon (476), exactly as the spec's table lists them. */
export const COUPON_MESSAGES = {
  alreadyUsed: 'COUPON ALREADY USED (SINGLE USE ONLY)',
  notValidAtProvider: 'COUPON IS NOT VALID AT STRIPE',
  notFound: 'COUPON NOT FOUND',
  tooMany: 'TOO MANY COUPONS',
  durationMismatch: 'COUPON DURATION DOSESNT MATCH',
  notForThisCase: 'COUPON NOT FOR THIS CASE',
  durationAndCase: 'COUPON DURATION DOSESNT MATCH AND COUPON NOT FOR THIS CASE',
  newCustomersOnly: 'COUPON IS FOR NEW CUSTOMER ONLY, USER ALREADY EXIST',
  existingCustomersOnly: 'COUPON IS FOR EXISTING_CUSTOMERS ONLY, USER DOESNT EXIST',
  notForProduct: 'COUPON IS NOT VALID FOR GIVEN PRODUCT',
  expired: 'COUPON Expired',
  notStarted: 'COUPON Validity not started yet',
} as const;
