import type { PaymentProvider } from '../provider.ts';

// The Stripe provider (issue 13, point 2): the stripe SDK against Stripe's API (or STRIPE_API_URL, the
// tests' fake Stripe). Contract only in this commit; the implementation lands with its tests.

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (http://127.0.0.1:PORT for the fake Stripe); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

export function createStripeProvider(_config: StripeProviderConfig): PaymentProvider {
  throw new Error(
    'The Stripe provider is not built yet (issue 13): unset STRIPE_SECRET_KEY to use the sandbox',
  );
}
