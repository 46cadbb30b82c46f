import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { jobHandlers } from '../../src/jobs/handlers.ts';
import { QUEUES } from '../../src/jobs/queues.ts';
import { as, type TestUser } from './accounts.ts';
import { ID_KINDS } from './id-kinds.ts';
import { createWorld, isOwned } from './ownership-matrix.ts';
import { rowsOf } from './pets.ts';
import { ORIGIN, type TestApp } from './test-app.ts';

// Deleting an account in the API tests (issue 15): the request, the two triggers (sign-out and the job), and
// the proof that nothing of the user is left, read from the database's own catalogue.

export function requestDeletion(t: TestApp, user: Pick<TestUser, 'cookie' | 'token'>, userId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `${apiPaths.deleteAccount}?user_id=${encodeURIComponent(userId)}`,
    headers: as(user),
  });
}

/** POST /api/auth/sign-out as the browser sends it. */
export function signOut(t: TestApp, user: Pick<TestUser, 'cookie'>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { cookie: user.cookie, ...ORIGIN, 'content-type': 'application/json' },
    payload: '{}',
  });
}

/** Runs the user's account.deletion job as its worker would. */
export async function runDeletionJob(t: TestApp, jobId: string, userId: string): Promise<void> {
  await jobHandlers(t.app)[QUEUES.accountDeletion]!({
    id: jobId,
    name: QUEUES.accountDeletion,
    data: { userId },
  } as Job<never>);
}

/** Everything of the user that the ownership matrix knows how to make, made through the API. */
export async function seedEverything(t: TestApp, owner: TestUser): Promise<void> {
  const world = createWorld(t, owner, ID_KINDS);
  for (const kind of Object.values(ID_KINDS)) {
    if (isOwned(kind)) await kind.seed(world);
  }
}

export interface RowsLeft {
  table: string;
  rows: number;
}

/**
 * Every table of the database (its catalogue, not a list of ours), with the rows whose text names the user's
 * id or e-mail address. pg-boss's own tables keep finished jobs' data for a while and are checked apart
 * (`pendingJobsNaming`); drizzle's migration journal holds no user data.
 */
export async function rowsNaming(t: TestApp, user: { id: string; email: string }): Promise<RowsLeft[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema', 'pgboss', 'drizzle')
      order by 1, 2`),
  );
  if (tables.length < 20) throw new Error(`only ${tables.length} tables found: is the catalogue read right?`);
  const left: RowsLeft[] = [];
  for (const table of tables) {
    const name = sql.raw(`"${table.schema}"."${table.name}"`);
    const [row] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`
        select count(*) as n from ${name} as r
        where strpos(r::text, ${user.id}) > 0 or strpos(lower(r::text), ${user.email.toLowerCase()}) > 0`),
    );
    left.push({ table: `${table.schema}.${table.name}`, rows: Number(row?.n ?? 0) });
  }
  return left;
}

/** pg-boss jobs naming the user that are still to run. */
export async function pendingJobsNaming(t: TestApp, userId: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select name from pgboss.job where data->>'userId' = ${userId} and state in ('created', 'retry', 'active')`,
    ),
  );
  return rows.map((row) => row.name);
}
