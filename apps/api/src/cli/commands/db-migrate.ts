import { sql } from 'drizzle-orm';
import { migrateDatabase } from '../../db/migrate.ts';
import { rowsOf } from '../../db/sql.ts';
import { QUEUE_NAMES } from '../../job-registry.ts';
import { defineCommand, positionalArgs } from '../command.ts';

// Before a rolling deploy: the new build's migrations once, under the lock every starting process takes too
// (db/migrate.ts), so the processes started afterwards find nothing to do, and an old process restarted on
// the newer schema refuses to start instead of writing what it no longer understands.

export default defineCommand({
  name: 'db migrate',
  summary: "Applies this build's database migrations (once, before a rolling deploy) and names the newest.",
  usage: [''],
  options: {},
  parse(args) {
    positionalArgs(args, []);
    return {};
  },
  async run(ctx) {
    await migrateDatabase(ctx.database, QUEUE_NAMES);
    const [row] = rowsOf<{ applied: number; newest: string | number | null }>(
      await ctx.db.execute(
        sql`select count(*)::int as applied, max(created_at) as newest from public.__drizzle_migrations`,
      ),
    );
    const newest = row?.newest ? new Date(Number(row.newest)).toISOString() : 'none';
    ctx.out(`database migrated: ${row?.applied ?? 0} migrations, the newest of ${newest}`);
    return 0;
  },
});
