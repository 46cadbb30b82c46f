import Stripe from 'stripe';
import { SignatureError } from './provider.ts';

// Both providers' events carry Stripe's `Stripe-Signature` scheme, so one verification runs everywhere: the
// stripe SDK's own, never a hand-written HMAC.

export type StripeEvent = ReturnType<typeof Stripe.webhooks.constructEvent>;

/** The verified event; SignatureError for a missing, stale or wrong signature. */
export function verifyStripeSignature(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
): StripeEvent {
  if (!signatureHeader) throw new SignatureError('missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new SignatureError();
  }
}

/** Signs a payload as Stripe does (the sandbox's events). */
export function signStripePayload(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
