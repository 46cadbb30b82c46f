import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'public' };
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await migratePglite(database.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await migrateNodePg(database.db as any, config);
  }
}
