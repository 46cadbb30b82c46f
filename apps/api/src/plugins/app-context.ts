import { type BrandConfig, brandConfig } from '@pet/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Auth } from '../modules/auth/better-auth/better-auth.ts';
import type { AuthMails } from '../modules/auth/mails/mails.ts';
import type { HashPool } from '../modules/auth/passwords/hash-pool.ts';
import { loadAuthSecret } from '../modules/auth/secret.ts';
import type { SignInThrottle } from '../modules/auth/throttles/sign-in-throttle.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { Storage } from '../storage/storage.ts';

// `app.ctx`: the app's parts in one typed container, made once by `createAppContext` when everything it holds is
// set up (app.ts registers this plugin after storage and payments, before the routes). Services take it narrowed
// to what they use (`type PetsDeps = Pick<AppContext, 'db' | 'brand' | ...>`), routes and job workers pass
// `app.ctx`; a service that runs inside a transaction gets `{ ...app.ctx, db: tx }` where it did before.

export interface AppContext {
  /** The settings this process was started with (config/env.ts). */
  env: Env;
  db: Db;
  /** The brand this process serves (env BRAND). */
  brand: BrandConfig;
  /** The portal's public address (env PUBLIC_URL): links in mails, file URLs, QR codes. */
  publicUrl: string;
  /** The time services read (buildApp's `clock`): tests may shift it. */
  clock: () => Date;
  log: FastifyBaseLogger;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  /** better-auth (modules/auth/better-auth). */
  auth: Auth;
  /** The per-account sign-in throttle. */
  throttle: SignInThrottle;
  hashPool: HashPool;
  authMails: AuthMails;
  /** The secret that signs sessions, also the HMAC key of export links (modules/auth/secret.ts). */
  authSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's parts for services (plugins/app-context.ts). */
    ctx: AppContext;
  }
}

/** The one place that knows how the app's parts are wired into the container. */
export function createAppContext(app: FastifyInstance): AppContext {
  return {
    env: app.env,
    db: app.database.db,
    brand: brandConfig(app.env.BRAND),
    publicUrl: app.env.PUBLIC_URL,
    clock: app.clock,
    log: app.log,
    jobs: app.jobs,
    mailer: app.mailer,
    storage: app.storage,
    payments: app.payments,
    auth: app.auth,
    throttle: app.signInThrottle,
    hashPool: app.hashPool,
    authMails: app.authMails,
    authSecret: loadAuthSecret(app.env),
  };
}

async function appContextPlugin(app: FastifyInstance) {
  app.decorate('ctx', createAppContext(app));
}

export default fp(appContextPlugin, {
  name: 'app-context',
  dependencies: ['auth', 'storage', 'payments'],
});
