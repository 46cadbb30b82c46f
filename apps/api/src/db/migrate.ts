import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createBoss } from '../jobs/boss.ts';
import { QUEUES } from '../jobs/queues.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The portal's tables (drizzle-kit migrations), then pg-boss's schema and the portal's queues. */
export async function migrateDatabase(database: Database): Promise<void> {
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
    for (const name of Object.values(QUEUES) as string[]) {
      if (!existing.has(name)) await boss.createQueue(name);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}
