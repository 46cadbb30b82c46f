import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { adminQuery, databaseUrl, PG_TEST_PREFIX } from '../../test/support/pg-admin.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';
import { QUEUE_NAMES } from '../job-registry.ts';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase, SchemaNewerError } from './migrate.ts';
import { rowsOf } from './sql.ts';

// Migrations under one advisory lock (issue 30): processes started at once on an empty database all come up,
// and a build older than the schema refuses to run on it.

const template = inject('testDatabase');
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from public.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

describe.runIf(template?.kind === 'pg')('on an empty PostgreSQL database', () => {
  test('three processes migrating at once all succeed, and the migrations run once', async () => {
    if (template?.kind !== 'pg') return;
    const name = `${PG_TEST_PREFIX}migrate_${randomBytes(4).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`);
    try {
      // Three pools, as three processes have: each migrates as a starting server does.
      const processes = await Promise.all(
        [1, 2, 3].map(() =>
          openDatabase({ DATABASE_URL: databaseUrl(template.serverUrl, name), DATA_DIR: tmpdir() }),
        ),
      );
      try {
        const outcomes = await Promise.allSettled(
          processes.map((database) => migrateDatabase(database, QUEUE_NAMES)),
        );
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'migrated'))).toEqual([
          'migrated',
          'migrated',
          'migrated',
        ]);
        const [first] = processes;
        const applied = await appliedMigrations(first!);
        expect(applied).toBeGreaterThan(10);
        // Migrating again (a later start) applies nothing more.
        await migrateDatabase(first!, QUEUE_NAMES);
        expect(await appliedMigrations(first!)).toBe(applied);
      } finally {
        for (const database of processes) await database.close();
      }
    } finally {
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});

describe('a database migrated by a newer build', () => {
  test('this build refuses it with one line naming why, and changes nothing', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const applied = await appliedMigrations(database);
    const newer = Date.now() + 365 * 24 * 60 * 60 * 1000;
    await database.db.execute(
      sql`insert into public.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${newer})`,
    );
    const refusal = await migrateDatabase(database, QUEUE_NAMES).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaNewerError);
    expect((refusal as Error).message).toMatch(/^The database's schema is newer than this build .*\.$/);
    expect((refusal as Error).message).not.toContain('\n');
    expect(await appliedMigrations(database)).toBe(applied + 1);
  });
});
