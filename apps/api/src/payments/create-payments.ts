import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';

// The payment provider env.ts resolved (PAYMENT_PROVIDER, else Stripe when its keys are set, which it demands
// all three together), else the offline sandbox, whose browser routes app.ts registers
// (`app.ctx.sandboxPayments`). modules/billing only talks to the interface.

export interface Payments {
  payments: PaymentProvider;
  /** The sandbox provider's own side (event delivery), when it is the provider; else null. */
  sandbox: SandboxProvider | null;
}

export function createPayments(parts: { env: Env; db: Db; jobs: Jobs; clock: () => Date }): Payments {
  const { env } = parts;
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=stripe without the STRIPE_* keys (env.ts refuses this at start)');
    }
    const payments = createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    });
    return { payments, sandbox: null };
  }
  const sandbox = createSandboxProvider({
    db: parts.db,
    jobs: parts.jobs,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
    settleMs: env.SANDBOX_SEPA_SETTLE_MS,
    publicUrl: env.PUBLIC_URL,
    clock: parts.clock,
  });
  return { payments: sandbox, sandbox };
}
