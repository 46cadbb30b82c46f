import { z } from 'zod';
import { PAYMENT_METHODS } from '../domain/billing.ts';
import { CANCEL_STATUSES } from '../domain/subscription.ts';

// A paid plan's subscription (document 2 sections 2, 3, 4 "Subscription", "Cancel flow", "Plans offered",
// "Payment update", 7 and 9; issue 14): cancel and revoke, downgrade and its withdrawal, the payment method
// and its update. Renewals, retries and the end of a term are the server's (jobs and provider events); the
// web only sees their effect in myinfo (stripe_subscription_end, stripe_price_id, downgrading).

export const cancelAtResponseSchema = z.object({
  status: z.enum(CANCEL_STATUSES),
  /** The current term's end, unix seconds (the instant the next term would start); null with `none`. */
  end_date: z.number().int().nullable(),
});
export type CancelAtResponse = z.infer<typeof cancelAtResponseSchema>;

/** POST /v1/subscription/cancel (empty body): the term's end, as Stripe's subscription schedule names it. */
export const cancelResponseSchema = z.object({
  current_phase: z.object({
    /** Unix seconds: the instant the paid term ends (the web shows its last day, termLastDay). */
    end_date: z.number().int(),
  }),
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/**
 * POST /v1/subscription/downgrade: the target's yearly price id, or its monthly one when the user pays
 * monthly and the target's sequence is above 2 (spec "Cancel flow").
 */
export const downgradeRequestSchema = z.object({
  price_id: z.string({ error: 'Invalid_Value_Error' }).trim().min(1, 'Invalid_Value_Error').max(64),
});
export type DowngradeRequest = z.input<typeof downgradeRequestSchema>;

/** The pending downgrade as myinfo's `downgrading` carries it (auth.ts uses this very schema). */
export const downgradingSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  /** yyyy-MM-dd (Europe/Berlin): the day the target plan starts, the term's last day plus one (spec 9). */
  starts_on: z.string(),
});
export type Downgrading = z.infer<typeof downgradingSchema>;

/** POST /v1/subscription/downgrade and POST /v1/subscription/cancel/downgrade answer the state after. */
export const downgradeResponseSchema = z.object({
  downgrading: z.union([z.literal(false), downgradingSchema]),
});
export type DowngradeResponse = z.infer<typeof downgradeResponseSchema>;

/** GET /v1/user/payment_method: what renewals are charged to; 204 when none is saved. */
export const paymentMethodResponseSchema = z.object({
  type: z.enum(PAYMENT_METHODS),
  /** card: Visa, Mastercard, American Express, …; null for SEPA. */
  brand: z.string().nullable(),
  /** The last four digits of the card or of the IBAN. */
  last4: z.string(),
  /** card only: expiry month (1-12) and four-digit year; null for SEPA. */
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  /** SEPA only: the IBAN's country (DE, AT, …); null for a card. */
  country: z.string().nullable(),
});
export type PaymentMethodInfo = z.infer<typeof paymentMethodResponseSchema>;

/**
 * POST /v1/subscription/update_payment: the provider's setup checkout for a new card or IBAN. The URLs are
 * the web's return pages (paths.paymentUpdateSuccessful / paymentUpdateFailed) on the portal's own origin;
 * any other origin is refused (400), so the session cannot be made to send the user elsewhere.
 */
export const updatePaymentRequestSchema = z.object({
  success_url: z.url({ error: 'Invalid_Value_Error' }),
  cancel_url: z.url({ error: 'Invalid_Value_Error' }),
});
export type UpdatePaymentRequest = z.input<typeof updatePaymentRequestSchema>;

export const updatePaymentResponseSchema = z.object({
  /** The provider's session id (cs_…). */
  id: z.string(),
  /** Where the browser goes: Stripe Checkout, or the sandbox's own checkout page. */
  url: z.string(),
});
export type UpdatePaymentResponse = z.infer<typeof updatePaymentResponseSchema>;
