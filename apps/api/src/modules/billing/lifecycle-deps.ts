import { type BrandConfig, brandConfig } from '@pet/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { JobSender } from '../plans/membership.service.ts';

// What the payment event handler and the lifecycle jobs (term end, retries, the end of a paid plan) use:
// one shape, built once from the app, so the webhook route and the job workers act alike.

export interface LifecycleDeps {
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

export function lifecycleDeps(app: FastifyInstance): LifecycleDeps {
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
