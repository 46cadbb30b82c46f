// A fresh, migrated database for one test file, copied from the template that global-setup.ts prepared:
// tests never see each other's rows, and nobody waits for migrations.
//   const database = await createTestDatabase();
//   const app = await buildApp({ env, database });
//   ...
//   await app.close(); await database.close();
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, databaseFromPglite, openDatabase } from '../../src/db/client.ts';
import type { TestDatabaseTemplate } from './global-setup.ts';
import { adminQuery, databaseUrl, PG_TEST_PREFIX } from './pg-admin.ts';

// The dump is read once per test file (worker module scope) and shared by every database it creates.
let dump: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<Database> {
  const template = inject('testDatabase');
  if (!template) {
    throw new Error(
      'No template database: run API tests through the `api` Vitest project (its globalSetup).',
    );
  }
  return template.kind === 'pg' ? createPgDatabase(template) : createPgliteDatabase(template.dumpFile);
}

async function createPgliteDatabase(dumpFile: string): Promise<Database> {
  dump ??= readFile(dumpFile).then((bytes) => new Blob([bytes]));
  // In memory: faster than a data folder and nothing to clean up after the file.
  return databaseFromPglite(await PGlite.create({ loadDataDir: await dump }));
}

async function createPgDatabase(template: Extract<TestDatabaseTemplate, { kind: 'pg' }>): Promise<Database> {
  const name = `${PG_TEST_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  const database = await openDatabase({
    DATABASE_URL: databaseUrl(template.serverUrl, name),
    DATA_DIR: tmpdir(),
  });
  const closePool = database.close;
  database.close = async () => {
    await closePool();
    // FORCE: a connection that a failed test left open must not keep the database alive.
    await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return database;
}
