import { brandConfig } from '@pet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createJobs } from './jobs/jobs.ts';
import { createBackgroundTasks } from './lib/background.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAuth } from './modules/auth/better-auth/better-auth.ts';
import { authMails } from './modules/auth/mails/mails.ts';
import { createHashPool } from './modules/auth/passwords/hash-pool.ts';
import { loadAuthSecret } from './modules/auth/secret.ts';
import { createSessionLookup } from './modules/auth/sessions/session-lookup.ts';
import { createSignInThrottle } from './modules/auth/throttles/sign-in-throttle.ts';
import { countedMailer } from './modules/metrics/counted-mailer.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { createPayments } from './payments/create-payments.ts';
import type { SandboxProvider } from './payments/sandbox/sandbox-provider.ts';
import type { AppContext } from './plugins/app-context.ts';
import { createStorage } from './storage/create-storage.ts';

// The container: every part of the app made once, here, before Fastify registers a plugin or a route. Routes,
// plugins and job workers reach the parts through `app.ctx` only (plugins/app-context.ts); nothing else is
// decorated onto Fastify for them. The auth secret is resolved here, once, for all its users.

export interface ContainerOptions {
  env: Env;
  database: Database;
  /** Fastify's logger (the container is built right after the instance). */
  log: FastifyBaseLogger;
  /** A test's own mailer; else SMTP or the log (mail/mailer.ts). */
  mailer?: Mailer;
  /** Defaults to the real time. */
  clock?: () => Date;
}

export interface Container {
  ctx: AppContext;
  /** The sandbox provider, when it is the provider: app.ts serves its browser routes. */
  sandbox: SandboxProvider | null;
  /** Stops what the parts run, in the order that loses nothing: mails in flight, then the queue, the mailer. */
  close(): Promise<void>;
}

export async function buildContainer(options: ContainerOptions): Promise<Container> {
  const { env, database, log } = options;
  const clock = options.clock ?? (() => new Date());
  const db = database.db;
  const authSecret = loadAuthSecret(env);
  const metrics = createMetrics();
  const mailer = countedMailer(options.mailer ?? createMailer(env, log), metrics);
  // Started before any request is served (see Jobs.start); workers are started by the server.
  const jobs = createJobs(database, log, { failed: metrics.jobFailed });
  await jobs.start();
  const { storage, close: closeStorage } = createStorage(env, log);
  const { payments, sandbox } = createPayments({ env, db, jobs, clock });

  // Mails that sign-up, reset and the like send after their answer (better-auth's hooks).
  const tasks = createBackgroundTasks((err, task) => log.error({ err, task }, 'background task failed'));
  const throttle = createSignInThrottle({ db, secret: authSecret, clock });
  const hashPool = createHashPool({
    queue: env.PASSWORD_HASH_QUEUE,
    observe: { waited: metrics.hashWaited, refused: metrics.hashRefused },
  });
  const auth = createAuth({ env, database, mailer, log, tasks, hashPool, throttle, secret: authSecret });
  const authContext = await auth.$context;

  const pool = database.pool;
  metrics.watch({
    jobQueues: () => jobs.counts(),
    hashPool: () => ({ running: hashPool.running, waiting: hashPool.waiting }),
    ...(pool
      ? { databasePool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
      : {}),
  });

  const ctx: AppContext = {
    env,
    database,
    db,
    brand: brandConfig(env.BRAND),
    publicUrl: env.PUBLIC_URL,
    clock,
    log,
    metrics,
    jobs,
    mailer,
    storage,
    payments,
    sandboxPayments: sandbox,
    auth,
    throttle,
    hashPool,
    authMails: authMails(env, mailer, tasks),
    authSecret,
    sessionCookieSigner: {
      secret: authContext.secret,
      cookieName: authContext.authCookies.sessionToken.name,
    },
    sessionLookup: createSessionLookup(db, authContext),
  };
  return {
    ctx,
    sandbox,
    async close() {
      await tasks.drain();
      await jobs.stop();
      await mailer.close();
      closeStorage();
    },
  };
}
