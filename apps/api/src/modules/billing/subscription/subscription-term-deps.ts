import { type BrandConfig, brandConfig } from '@pet/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import type { JobSender } from '../../plans/membership.service.ts';

// What runs a subscription's terms: the payment event handler (a term paid, a renewal failed, the provider's
// end) and the term jobs (term end, retries, the end of a paid plan, the subscription mails). One shape, built
// once from the app, so the webhook route and the job workers act alike. A change the user asks for needs
// less: SubscriptionChangeDeps (subscription.service.ts).

export interface SubscriptionTermDeps {
  db: Db;
  payments: PaymentProvider;
  jobs: JobSender;
  clock: () => Date;
  log: FastifyBaseLogger;
  brand: BrandConfig;
  mailer: Mailer;
  /** The portal's public address: the links in mails. */
  publicUrl: string;
  /** VAT included in a renewal order's total, in percent. */
  vatRatePercent: number;
}

export function subscriptionTermDeps(app: FastifyInstance): SubscriptionTermDeps {
  return {
    db: app.database.db,
    payments: app.payments,
    jobs: app.jobs,
    clock: app.clock,
    log: app.log,
    brand: brandConfig(app.env.BRAND),
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    vatRatePercent: app.env.VAT_RATE_PERCENT,
  };
}
