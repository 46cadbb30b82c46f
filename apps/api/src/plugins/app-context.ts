import type { BrandConfig } from '@pet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Auth } from '../modules/auth/better-auth/better-auth.ts';
import type { AuthMails } from '../modules/auth/mails/mails.ts';
import type { HashPool } from '../modules/auth/passwords/hash-pool.ts';
import type { SessionLookup } from '../modules/auth/sessions/session-lookup.ts';
import type { SignInThrottle } from '../modules/auth/throttles/sign-in-throttle.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SandboxDelivery } from '../payments/sandbox/sandbox-events.ts';
import type { Storage } from '../storage/storage.ts';

// `app.ctx`: the app's parts in one typed container, built before any plugin or route by `buildContainer`
// (container.ts) and the one way routes, plugins and job workers reach them. Services take it narrowed to what
// they use (`type PetsDeps = Pick<AppContext, 'db' | 'brand' | ...>`), routes and job workers pass `app.ctx`; a
// service that runs inside a transaction gets `{ ...app.ctx, db: tx }` where it did before.

export interface AppContext {
  /** The settings this process was started with (config/env.ts). */
  env: Env;
  /** The connection itself, for what is about it (readiness, the pool's figures); queries go through `db`. */
  database: Database;
  db: Db;
  /** The brand this process serves (env BRAND). */
  brand: BrandConfig;
  /** The portal's public address (env PUBLIC_URL): links in mails, file URLs, QR codes. */
  publicUrl: string;
  /** The time services read (buildApp's `clock`): tests may shift it. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The Prometheus figures of this process (GET /metrics). */
  metrics: Metrics;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  /** The sandbox provider's event delivery, when it is the provider; else null. */
  sandboxPayments: SandboxDelivery | null;
  /** better-auth (modules/auth/better-auth). */
  auth: Auth;
  /** The per-account sign-in throttle. */
  throttle: SignInThrottle;
  hashPool: HashPool;
  authMails: AuthMails;
  /** The secret that signs sessions, also the HMAC key of export links (modules/auth/secret.ts). */
  authSecret: string;
  /** What turns a bearer token into better-auth's signed session cookie (auth.plugin.ts). */
  sessionCookieSigner: SessionCookieSigner;
  /** The session check's fast path (session-lookup.ts); undefined means: ask getSession. */
  sessionLookup: SessionLookup;
}

export interface SessionCookieSigner {
  secret: string;
  cookieName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's parts for services (plugins/app-context.ts). */
    ctx: AppContext;
  }
}

// A job's worker is given the same parts (jobs/define-job.ts declares JobContext empty, so that file imports
// nothing of the app's back).
declare module '../jobs/define-job.ts' {
  interface JobContext extends AppContext {}
}
