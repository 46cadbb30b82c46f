import type { PublicConfig } from '@pet/shared';
import type { Env } from '../config/env.ts';

/**
 * What the web app must know of this server before it draws (GET /v1/config): the brand, whether Google
 * sign-in is configured, the payment provider and its public key, and whether payments are test payments.
 * The same answer is inlined into every page's HTML (plugins/web-index.ts), so no first load waits for it.
 */
export function publicConfigOf(
  env: Pick<
    Env,
    | 'BRAND'
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'TEST_PAYMENTS'
  >,
): PublicConfig {
  return {
    brand: env.BRAND,
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    payments: {
      provider: env.PAYMENT_PROVIDER,
      publishable_key: env.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    test_payments: env.TEST_PAYMENTS,
  };
}
