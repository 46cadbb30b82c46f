// Runs once per `vitest --project api` run, before any test file: migrates a template database, so that each
// test file gets a fresh copy of an already-migrated database instead of migrating its own (seconds each).
//   TEST_DATABASE unset: an in-memory PGlite, migrated, dumped to a tar file in a temp folder.
//   TEST_DATABASE=pg:    TEST_PG_URL names a PostgreSQL server; the template is its database `pet_template`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { QUEUE_NAMES } from '../../src/job-registry.ts';
import { seedCatalogues } from '../../src/modules/plans/catalogue.service.ts';
import { adminQuery, databaseUrl, PG_TEMPLATE, PG_TEST_PREFIX, withAdminClient } from './pg-admin.ts';

export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'pg'; serverUrl: string; template: string };

declare module 'vitest' {
  interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE === 'pg') return setupPg(project);
  if (process.env.TEST_DATABASE && process.env.TEST_DATABASE !== 'pglite') {
    throw new Error(`TEST_DATABASE must be "pg" or unset (PGlite), not "${process.env.TEST_DATABASE}"`);
  }
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'pet-api-test-'));
  const dumpFile = join(dir, 'template.tar');
  const database = await openDatabase({ DATABASE_URL: 'memory://', DATA_DIR: dir });
  try {
    await migrateDatabase(database, QUEUE_NAMES);
    // The plan catalogue, as every start seeds it: tests find each brand's default plan.
    await seedCatalogues(database.db);
    // Uncompressed: loading skips a gunzip in every test file, and the file is deleted after the run.
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function setupPg(project: TestProject) {
  const serverUrl = process.env.TEST_PG_URL;
  if (!serverUrl) {
    throw new Error('TEST_DATABASE=pg needs TEST_PG_URL, a PostgreSQL server URL (npm test starts one).');
  }
  await dropLeftovers(serverUrl);
  await adminQuery(serverUrl, `CREATE DATABASE ${PG_TEMPLATE}`);
  const database = await openDatabase({
    DATABASE_URL: databaseUrl(serverUrl, PG_TEMPLATE),
    DATA_DIR: tmpdir(),
  });
  try {
    await migrateDatabase(database, QUEUE_NAMES);
    await seedCatalogues(database.db);
  } finally {
    // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template.
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pg', serverUrl, template: PG_TEMPLATE });
  return () => dropLeftovers(serverUrl);
}

/** The template and test databases of an earlier run that was killed (matters on a long-lived server). */
async function dropLeftovers(serverUrl: string) {
  await withAdminClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [PG_TEMPLATE, `${PG_TEST_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
