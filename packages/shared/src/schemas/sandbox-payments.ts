import { z } from 'zod';

// The sandbox provider's browser-side calls, shaped like Stripe's confirmCardPayment/confirmSepaDebitPayment
// results so the web handles both providers alike. Only test card numbers and test IBANs are accepted; the
// server keeps the last four digits and the brand, never the number.

export const billingDetailsSchema = z.object({
  name: z.string().trim().max(100),
  email: z.string().trim().max(254),
  address: z.object({
    line1: z.string().trim().max(120).default(''),
    city: z.string().trim().max(100).default(''),
    postal_code: z.string().trim().max(20).default(''),
    country: z.string().trim().max(2).default('DE'),
  }),
});

export const sandboxConfirmRequestSchema = z.object({
  client_secret: z.string().min(1).max(200),
  payment_method: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('card'),
      card: z.object({
        number: z.string().max(40),
        exp_month: z.number().int(),
        exp_year: z.number().int(),
        cvc: z.string().max(8),
      }),
      billing_details: billingDetailsSchema,
    }),
    z.object({
      type: z.literal('sepa_debit'),
      sepa_debit: z.object({ iban: z.string().max(60) }),
      billing_details: billingDetailsSchema,
    }),
  ]),
});
export type SandboxConfirmRequest = z.input<typeof sandboxConfirmRequestSchema>;

/** `POST /v1/sandbox/payment_intents/{id}/challenge`: the simulated 3-D Secure page's answer. */
export const sandboxChallengeRequestSchema = z.object({
  client_secret: z.string().min(1).max(200),
  result: z.enum(['authenticate', 'fail']),
});

export const paymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

/** Stripe's `{ paymentIntent }` or `{ error }` result of a confirmation. */
export const sandboxConfirmResponseSchema = z.object({
  paymentIntent: z
    .object({
      id: z.string(),
      status: paymentIntentStatusSchema,
      /** requires_action: the simulated 3-D Secure challenge to show. */
      next_action: z.object({ type: z.literal('sandbox_challenge'), challenge_id: z.string() }).nullable(),
    })
    .nullable(),
  error: z
    .object({
      type: z.enum(['card_error', 'invalid_request_error', 'validation_error']),
      /** Stripe's code: card_declined, expired_card, incorrect_cvc, processing_error, authentication_required, … */
      code: z.string(),
      /** For card_declined: generic_decline, insufficient_funds, test_mode_live_card, … */
      decline_code: z.string().nullable(),
      message: z.string(),
    })
    .nullable(),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;
