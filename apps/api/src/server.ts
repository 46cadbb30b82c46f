import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { seedCatalogues } from './modules/plans/catalogue.service.ts';
import { seedActivationCodes } from './modules/plans/codes.seed.ts';

/** How long a shutdown may take (a hung close, a stuck request) before the process ends anyway. */
const SHUTDOWN_GRACE_MS = 8_000;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(env, 'server');
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await migrateDatabase(database);
  const app = await buildApp({ env, database });
  const products = await seedCatalogues(database.db);
  if (products > 0) app.log.info({ products }, 'plan catalogue seeded');
  if (env.DEMO_CODES) {
    const seeded = await seedActivationCodes(database.db, env.BRAND);
    if (seeded > 0) app.log.info({ codes: seeded }, 'demo activation codes seeded (DEMO_CODES)');
  }

  // SIGTERM/SIGINT (or a crash) closes the app (requests, job queue, mailer) and the database, then exits 0
  // (1 after a crash). A second signal, or a close still hanging after the grace period, exits 1 at once.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: {
        error: (message: unknown) =>
          message instanceof Error
            ? app.log.error({ err: message }, 'shutdown failed')
            : app.log.error(String(message)),
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an uncaught error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
      await database.close();
    },
  );

  await app.jobs.work(jobHandlers(app));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`portal (${env.BRAND}) on ${env.PUBLIC_URL}, database: ${database.kind}`);
}

await main();
