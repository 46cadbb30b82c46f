import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Env, EnvError, loadEnv } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { migrateDatabase, SchemaNewerError } from './db/migrate.ts';
import { QUEUE_NAMES, startWorkers } from './job-registry.ts';
import { type Listening, listenOnAcceptSockets } from './lib/accept-sockets.ts';
import { sweepUploadLeftovers } from './modules/files/upload-leftovers.ts';
import { seedCatalogues } from './modules/plans/catalogue.service.ts';
import { retireDemoCodes, seedActivationCodes } from './modules/plans/codes.seed.ts';
import { giveLegacyGiftsAnEnd } from './modules/plans/gift-ends.backfill.ts';

/** How long a shutdown may take after the drain (a hung close, a stuck request) before the process ends anyway. */
const SHUTDOWN_GRACE_MS = 8_000;

/**
 * A migration may run longer than a request's statement timeout (an index on a big table): on PostgreSQL it
 * runs on a pool of its own without the timeouts. PGlite (one connection, no timeouts) migrates in place.
 */
async function migrate(env: Env, database: Database): Promise<void> {
  if (database.kind !== 'pg') return migrateDatabase(database, QUEUE_NAMES);
  const migrating = await openDatabase({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  try {
    await migrateDatabase(migrating, QUEUE_NAMES);
  } finally {
    await migrating.close();
  }
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database: Database;
  try {
    database = await openDatabase(env, 'server');
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  try {
    await migrate(env, database);
  } catch (err) {
    if (err instanceof SchemaNewerError) {
      console.error(err.message);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ env, database });
  const products = await seedCatalogues(database.db);
  if (products > 0) app.log.info({ products }, 'plan catalogue seeded');
  const gifts = await giveLegacyGiftsAnEnd(database.db, app.ctx.jobs, app.ctx.clock());
  if (gifts > 0) app.log.info({ gifts }, 'gift memberships from before gift ends got their end');
  if (env.DEMO_CODES) {
    const seeded = await seedActivationCodes(database.db, env.BRAND);
    if (seeded > 0) app.log.info({ codes: seeded }, 'demo activation codes seeded (DEMO_CODES)');
  }
  if (env.NODE_ENV === 'production') {
    const retired = await retireDemoCodes(database.db, env.BRAND, app.ctx.clock());
    if (retired.batchRevoked || retired.codesDeleted > 0 || retired.trackersRemoved > 0) {
      app.log.warn(retired, 'demo activation codes revoked: a production start accepts none of them');
    }
  }

  let listening: Listening | undefined;
  // SIGTERM/SIGINT (or a crash) closes the app (requests, job queue, mailer) and the database, then exits 0
  // (1 after a crash). A second signal, or a close still hanging after the grace period, exits 1 at once.
  // First /readyz answers 503 while requests are still served, so a health-checking proxy stops sending new
  // ones; then the app stops taking them, lets those in flight finish and closes idle keep-alive connections.
  const drainMs = env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 3_000 : 0);
  closeWithGrace(
    {
      delay: drainMs + SHUTDOWN_GRACE_MS,
      logger: {
        error: (message: unknown) =>
          message instanceof Error
            ? app.log.error({ err: message }, 'shutdown failed')
            : app.log.error(String(message)),
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an uncaught error');
      else app.log.info({ signal, drainMs }, 'shutting down');
      app.readiness.drain();
      if (drainMs > 0 && !err) await new Promise((resolve) => setTimeout(resolve, drainMs));
      listening?.closeFurtherSockets();
      await app.close();
      await database.close();
    },
  );

  await startWorkers(app);
  const servingSince = Date.now();
  listening = await listenOnAcceptSockets(app, {
    port: env.PORT,
    host: env.HOST,
    sockets: env.ACCEPT_SOCKETS,
  });
  app.log.info(`portal (${env.BRAND}) on ${env.PUBLIC_URL}, database: ${database.kind}`);
  // In the background: the walk of the storage folder must not hold up listening (it logs its own errors).
  void sweepUploadLeftovers(app.ctx, servingSince);
}

await main();
