import { z } from 'zod';
import {
  COUPON_FOR,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAY_TYPES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
} from '../domain/billing.ts';
import { emailField } from './common.ts';

// Buying a plan (document 2, sections 3, 4, 5 and 7; issue 13): prices with proration and coupons, the
// coupon check, the order and its payment, the orders list. Money travels as euro numbers with two decimals
// (the spec's fields), computed on the server from integer cents; `*_cents` fields carry the exact value.
// The sandbox provider's browser-side calls are in sandbox-payments.ts.

export const payTypeField = z.enum(PAY_TYPES, { error: 'Invalid_Value_Error' });

const id = z.string({ error: 'Invalid_Value_Error' }).trim().min(1, 'Invalid_Value_Error').max(64);

/**
 * What the checkout's boxes add to an order: the brand's optional service (spec 2 section 9 "Optional
 * services", configured per brand by the operator) and, on a GPS plan, another tracker for a user who already
 * registered one (a user with a registered tracker is never charged for one otherwise).
 */
const checkoutChoices = {
  optional_service: z.boolean({ error: 'Invalid_Value_Error' }).default(false),
  another_tracker: z.boolean({ error: 'Invalid_Value_Error' }).default(false),
};

/** The brand's optional service as the checkout offers it (both languages: the web picks its own). */
export const optionalServiceOfferSchema = z.object({
  key: z.string(),
  name: z.object({ en: z.string(), de: z.string() }),
  text: z.object({ en: z.string(), de: z.string() }),
  price: z.number(),
  price_cents: z.number().int(),
});
export type OptionalServiceOffer = z.infer<typeof optionalServiceOfferSchema>;

/** POST /v1/subscription/prices. `coupon_id` is the id POST /v1/coupon/isvalid answered. */
export const pricesRequestSchema = z.object({
  pay_type: payTypeField,
  product_id: id,
  coupon_id: id.nullish().transform((v) => v ?? null),
  ...checkoutChoices,
});
export type PricesRequest = z.input<typeof pricesRequestSchema>;

/** Euro amounts (two decimals) and, exact, their cents. */
export const pricesResponseSchema = z.object({
  /** The plan's price for the period. */
  other_price: z.number(),
  /** The one-time GPS tracker add-on, charged with the first paid order of a GPS plan; 0 otherwise. */
  tracker_price: z.number(),
  /**
   * The user already registered a GPS tracker (at sign-up or activation): on a GPS plan it is used and no
   * device is charged, unless `another_tracker` asked for one more.
   */
  tracker_registered: z.boolean(),
  /** The optional service's price when the request chose it (`optional_service`), else 0. */
  optional_service_price: z.number(),
  optional_service_price_cents: z.number().int(),
  /** The brand's optional service offered at checkout, or null when the operator configured none. */
  optional_service: optionalServiceOfferSchema.nullable(),
  /** The coupon's discount on the plan price (0 without a coupon), a positive number. */
  discount: z.number(),
  /**
   * The credit for the unused days of the current paid term, as a number ≤ 0 that the total adds (0 for
   * promo users, gifts, trials and users without a paid term).
   */
  proration: z.number(),
  /** other_price + tracker_price + optional_service_price − discount + proration, cut to two decimals. Negative: upgrade not possible now. */
  total_price_discounted: z.number(),
  other_price_cents: z.number().int(),
  tracker_price_cents: z.number().int(),
  discount_cents: z.number().int(),
  proration_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Days of the current term left and its length in days (0 and 0 without a paid term). */
  proration_days_left: z.number().int(),
  proration_days_total: z.number().int(),
  /** The chosen plan's trial months for trial products, else null (the trial notice). */
  trial_months: z.number().int().nullable(),
  /** The product id of the user's pending order, or null (spec's Prices response). */
  order_placed: z.string().nullable(),
  /** VAT included in the total, in percent (19 by default). */
  vat_rate_percent: z.number(),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** POST /v1/coupon/isvalid (spec: code_name upper case, email, duration, product_id, coupon_for). */
export const couponCheckRequestSchema = z.object({
  code_name: z
    .string({ error: 'Coupon_Not_Found' })
    .trim()
    .min(1, 'Coupon_Not_Found')
    .max(64, 'Coupon_Not_Found')
    .transform((v) => v.toUpperCase()),
  email: emailField,
  /** The period the coupon would be used for. */
  duration: payTypeField,
  product_id: id,
  coupon_for: z.enum(COUPON_FOR, { error: 'Invalid_Value_Error' }).default('existing_customer'),
});
export type CouponCheckRequest = z.input<typeof couponCheckRequestSchema>;

/**
 * 200 for a usable coupon. An unusable one answers 476 `{ code: 'COUPON_INVALID', message }` with one of the
 * spec's server messages (COUPON_MESSAGES), which the web maps with textKeyFor476(message, 'coupon').
 */
export const couponCheckResponseSchema = z.object({
  codes: z
    .array(
      z.object({
        isvalid: z.boolean(),
        coupon_id: z.string().nullable(),
        message: z.string(),
        percent_off: z.number().nullable(),
        amount_off: z.number().nullable(),
        /** once, repeating (for duration_in_months) or forever. */
        duration: z.enum(['once', 'repeating', 'forever']),
        duration_in_months: z.number().int().nullable(),
      }),
    )
    .length(1),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

const billingText = (max: number) =>
  z.string({ error: 'Invalid_Value_Error' }).trim().max(max, 'Max_Length_Error').default('');

/**
 * The checkout's terms checkbox (spec: required): the form's box and the request's `terms_accepted`. Its text
 * names the terms only, as the box does (registration's Terms_Error names the privacy policy too).
 */
export const termsAcceptedField = z
  .boolean({ error: 'Checkout_Terms_Error' })
  .refine((accepted) => accepted, 'Checkout_Terms_Error');

/**
 * POST /v1/subscription/change/request: the spec's fields plus `payment_method` (card or sepa, which the
 * provider must know before the web confirms) and `terms_accepted`. `street` and `address` are both the street line (spec).
 */
export const changeRequestSchema = z.object({
  price_id: id,
  product_id: id,
  pay_type: payTypeField,
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Invalid_Value_Error' }).default('card'),
  name: z.string({ error: 'Name_Error' }).trim().min(1, 'Name_Error').max(100, 'Max_Length_Error'),
  email: emailField,
  city: billingText(100),
  /** ISO 3166-1 alpha-2; DE when empty. */
  country: z
    .string({ error: 'Invalid_Value_Error' })
    .trim()
    .default('')
    .transform((v) => (v ? v.toUpperCase() : 'DE'))
    .refine((v) => /^[A-Z]{2}$/.test(v), 'Invalid_Value_Error'),
  phone: billingText(40),
  street: billingText(120),
  zipcode: billingText(20),
  address: billingText(120),
  coupon_id: id.nullish().transform((v) => v ?? null),
  ...checkoutChoices,
  /** The terms the user accepted with the checkbox: an order without them is refused (400 Checkout_Terms_Error). */
  terms_accepted: termsAcceptedField,
});
export type ChangeRequestInput = z.input<typeof changeRequestSchema>;

export const changeRequestResponseSchema = z.object({
  /** The payment's client secret, for the provider's confirmation in the browser. */
  secret: z.string(),
  order_id: z.string(),
  /** What will be charged, in cents (the prices the user saw, recomputed). */
  amount_cents: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type ChangeRequestResponse = z.infer<typeof changeRequestResponseSchema>;

/** DELETE /v1/order/delete?id= and GET /v1/order/orderpdfweb?id= */
export const orderIdQuerySchema = z.object({ id });

/** GET /v1/order/myorders?page=&page_size= (newest first; 204 when the user has no orders at all). */
export const myOrdersQuerySchema = z.object({
  page: z.coerce.number({ error: 'Invalid_Value_Error' }).int().min(1).default(1),
  page_size: z.coerce.number({ error: 'Invalid_Value_Error' }).int().min(1).max(100).default(20),
});

export const orderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  /** dd.MM.yyyy, Europe/Berlin. */
  order_date: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  pay_type: payTypeField,
  /** Euro, two decimals, and the spec's formatted text ("29,99 €"). */
  paid_amount: z.number(),
  paid_amount_eur_formatted: z.string(),
  payment_type: z.enum(PAYMENT_METHODS),
  /** "Visa •••• 4242", "SEPA DE89 •••• 3000": never a whole number; null before the payment is known. */
  payment_method_label: z.string().nullable(),
  order_type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  /** The activation code used for this order, where one was (codes the user redeemed), else null. */
  activation_code: z.string().nullable(),
  coupon_code: z.string().nullable(),
  /** The optional service bought with this order (its name in the order's language), else null. */
  optional_service: z
    .object({ name: z.string(), amount: z.number(), amount_eur_formatted: z.string() })
    .nullable(),
  /** The service period: order date to subscription end (dd.MM.yyyy); null until paid. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** `/v1/order/orderpdfweb?id=` once paid, else null. */
  invoice_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const myOrdersResponseSchema = z.object({
  data: z.array(orderSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type MyOrdersResponse = z.infer<typeof myOrdersResponseSchema>;

/** What the web needs to confirm a payment: the provider and, for Stripe, its publishable key. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
