import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';

// `app.payments`: the provider env.ts resolved (PAYMENT_PROVIDER, else Stripe when its keys are set, which it
// demands all three together), else the offline sandbox, whose browser routes app.ts registers after the app's
// container (`app.sandboxPayments`).
// modules/billing only talks to the interface.

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** The sandbox provider's own side (event delivery), when it is the provider; else null. */
    sandboxPayments: SandboxProvider | null;
  }
}

async function paymentsPlugin(app: FastifyInstance) {
  const { env } = app;
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=stripe without the STRIPE_* keys (env.ts refuses this at start)');
    }
    app.decorate(
      'payments',
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }),
    );
    app.decorate('sandboxPayments', null);
    return;
  }
  const sandbox = createSandboxProvider({
    db: app.database.db,
    jobs: app.jobs,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
    settleMs: env.SANDBOX_SEPA_SETTLE_MS,
    publicUrl: env.PUBLIC_URL,
    clock: app.clock,
  });
  app.decorate('payments', sandbox);
  app.decorate('sandboxPayments', sandbox);
}

export default fp(paymentsPlugin, { name: 'payments' });
