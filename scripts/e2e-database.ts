import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { QUEUE_NAMES } from '../apps/api/src/job-registry.ts';
import { E2E_DATABASE_TEMPLATE, TEMPLATE_READY } from './e2e-database-paths.ts';

// The e2e portals' database, migrated once. Each portal starts on an empty PGlite and migrated it itself, four
// at once as the e2e stage began: measured, one portal alone is ready 5.1-5.3 s after its start on an empty
// database and 2.9 s on a migrated one. `npm test` makes this migrated database beside the earlier stages
// (scripts/build-brands.ts --e2e) and hands its folder to the e2e run (E2E_DATABASE_TEMPLATE); each portal
// starts on a copy (e2e/playwright.config.ts). Run on its own, the e2e stage migrates as before. The first start
// on an empty database stays covered by the API tests (server.test.ts, production-start.test.ts).

export async function makeE2eDatabaseTemplate(): Promise<void> {
  await rm(E2E_DATABASE_TEMPLATE, { recursive: true, force: true });
  await mkdir(E2E_DATABASE_TEMPLATE, { recursive: true });
  const database = await openDatabase({ DATABASE_URL: undefined, DATA_DIR: E2E_DATABASE_TEMPLATE });
  try {
    await migrateDatabase(database, QUEUE_NAMES);
  } finally {
    await database.close();
  }
  await writeFile(join(E2E_DATABASE_TEMPLATE, TEMPLATE_READY), `${new Date().toISOString()}\n`);
}
