import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, test } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { withAdminClient } from './pg-admin.ts';
import { createTestDatabase } from './test-database.ts';

async function rows<T>(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  query: ReturnType<typeof sql>,
) {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('createTestDatabase', () => {
  test('gives a database with every migration applied', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const database = await createTestDatabase();
    try {
      const applied = await rows<{ n: number }>(
        database,
        sql`SELECT count(*)::int AS n FROM public.__drizzle_migrations`,
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  test('databases do not share rows', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await a.db.execute(sql`CREATE TABLE only_in_a (id int)`);
      const inB = await rows<{ n: number }>(
        b,
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'only_in_a'`,
      );
      expect(inB[0]?.n).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  const template = inject('testDatabase');
  test.skipIf(template.kind !== 'pg')('close() removes a PostgreSQL test database', async () => {
    if (template.kind !== 'pg') return;
    const database = await createTestDatabase();
    const name = (await rows<{ name: string }>(database, sql`SELECT current_database() AS name`))[0]?.name;
    expect(name).toMatch(/^pet_test_/);
    await database.close();
    const left = await withAdminClient(template.serverUrl, (client) =>
      client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
    );
    expect(left.rowCount).toBe(0);
  });
});
