import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * A pg-boss instance on the portal's own database: on PGlite through its adapter (sharing the one
 * connection), on PostgreSQL with a small pool of its own. Maintenance and cron stay off unless asked for:
 * `cron` runs pg-boss's clock, which turns due schedules into jobs (one pass per interval across all
 * processes, pg-boss claims it in the database).
 */
export function createBoss(
  database: Database,
  options: { maintenance?: boolean; migrate?: boolean; cron?: boolean } = {},
): PgBoss {
  const common = {
    supervise: options.maintenance ?? false,
    schedule: options.cron ?? options.maintenance ?? false,
    migrate: options.migrate ?? false,
  };
  if (database.kind === 'pglite') {
    return new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' });
  }
  if (!database.connectionString) throw new Error('pg-boss needs the PostgreSQL connection string');
  return new PgBoss({ ...common, connectionString: database.connectionString, max: 3 });
}
