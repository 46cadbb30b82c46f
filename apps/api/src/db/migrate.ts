import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createBoss } from '../jobs/boss.ts';
import type { Database } from './client.ts';
import { rowsOf } from './sql.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

// Any number of processes may start at once on one database (issue 30): each migrates under one advisory
// lock, so the first applies what is missing and the others, waiting, find nothing left to do. (Without it,
// two processes on an empty database both ran `CREATE TABLE "accounts"`, and one died with 23505.) The
// embedded database takes the same lock, though only one process can open its folder.

/** The advisory lock's key: one bigint, the same in every process of the portal. */
const MIGRATION_LOCK = "hashtextextended('pet-portal:migrations', 0)";

/** The newest migration this build knows (drizzle's journal): its time stamp, as drizzle stores it. */
function newestKnownMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('the migrations journal is empty');
  return newest;
}

/** The database was migrated by a newer build: this one must not run on it. */
export class SchemaNewerError extends Error {
  constructor(applied: number, known: { tag: string; when: number }) {
    super(
      `The database's schema is newer than this build (a migration of ${new Date(applied).toISOString()}; ` +
        `this build knows up to ${known.tag}): start the build that migrated it, or a newer one.`,
    );
    this.name = 'SchemaNewerError';
  }
}

/** Refuses a database with a migration newer than this build's newest (none applied yet: any build fits). */
export async function assertSchemaNotNewer(database: Database): Promise<void> {
  const [table] = rowsOf<{ found: string | null }>(
    await database.db.execute(sql`select to_regclass('public.__drizzle_migrations')::text as found`),
  );
  if (!table?.found) return;
  const [newest] = rowsOf<{ applied: string | number | null }>(
    await database.db.execute(sql`select max(created_at) as applied from public.__drizzle_migrations`),
  );
  const applied = Number(newest?.applied ?? 0);
  const known = newestKnownMigration();
  if (applied > known.when) throw new SchemaNewerError(applied, known);
}

/** The portal's tables (drizzle-kit migrations), then pg-boss's schema and the portal's queues. */
async function migrateUnlocked(database: Database, queues: readonly string[]): Promise<void> {
  await assertSchemaNotNewer(database);
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'public' };
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await migratePglite(database.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await migrateNodePg(database.db as any, config);
  }
  const boss = createBoss(database, { migrate: true });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const name of queues) {
      if (!existing.has(name)) await boss.createQueue(name);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * Migrates under the advisory lock. On PostgreSQL the lock is held on a connection of its own (a session
 * lock, released when the work ends or the connection drops), so the migrations may use the pool freely.
 * `queues`: every job queue's name (the job registry's QUEUE_NAMES), created under the same lock.
 */
export async function migrateDatabase(database: Database, queues: readonly string[]): Promise<void> {
  if (database.kind === 'pglite') {
    await database.db.execute(sql.raw(`select pg_advisory_lock(${MIGRATION_LOCK})`));
    try {
      await migrateUnlocked(database, queues);
    } finally {
      await database.db.execute(sql.raw(`select pg_advisory_unlock(${MIGRATION_LOCK})`));
    }
    return;
  }
  if (!database.connectionString) throw new Error('migrating PostgreSQL needs its connection string');
  const holder = new pg.Client({ connectionString: database.connectionString });
  await holder.connect();
  try {
    await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrateUnlocked(database, queues);
  } finally {
    // Ending the connection releases the lock, also when the unlock itself could not be sent.
    await holder.end().catch(() => {});
  }
}
