import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { jobHandlers, QUEUES } from '../../src/job-registry.ts';
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

/** Runs an account.deletion job as its worker would, with the data it was queued with. */
export async function runDeletionJob(t: TestApp, jobId: string): Promise<void> {
  const [row] = rowsOf<{ data: unknown }>(
    await t.database.db.execute(sql`select data from pgboss.job where id::text = ${jobId}`),
  );
  await jobHandlers(t.app)[QUEUES.accountDeletion]!({
    id: jobId,
    name: QUEUES.accountDeletion,
    data: row?.data ?? {},
  } as Job<never>);
}

/** The user's pending account.deletion job (its data names nobody: the user's row names it). */
export async function deletionJobOf(t: TestApp, userId: string) {
  const [row] = rowsOf<{ id: string; state: string; start_after: string | Date; data: unknown }>(
    await t.database.db.execute(sql`
      select j.id::text as id, j.state, j.start_after, j.data from pgboss.job j
      join users u on u.deletion_job_id = j.id::text
      where u.id = ${userId} and j.name = ${QUEUES.accountDeletion}`),
  );
  if (!row) throw new Error(`no account.deletion job for ${userId}`);
  return { id: row.id, state: row.state, startAfter: new Date(row.start_after), data: row.data };
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
 * What names the user in a row: the id, the e-mail address, and the ids that jobs name instead of the user
 * (the account.deletion job's, the reminders' records). Read before the erasure, which removes the rows
 * that lead to them.
 */
export async function tracesOf(t: TestApp, user: { id: string; email: string }): Promise<string[]> {
  const ids = rowsOf<{ id: string | null }>(
    await t.database.db.execute(sql`
      select deletion_job_id as id from users where id = ${user.id}
      union all select id::text from appointments where user_id = ${user.id}
      union all select id::text from medical_records where user_id = ${user.id}`),
  );
  return [user.id, user.email.toLowerCase(), ...ids.flatMap((row) => (row.id ? [row.id] : []))];
}

/**
 * Every table of the database (its catalogue, not a list of ours), pg-boss's included, with the rows whose
 * text holds one of the user's traces (`tracesOf`; by default the id and the e-mail address). Drizzle's
 * migration journal holds no user data.
 */
export async function rowsNaming(
  t: TestApp,
  user: { id: string; email: string },
  traces: string[] = [user.id, user.email.toLowerCase()],
): Promise<RowsLeft[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      order by 1, 2`),
  );
  if (!tables.some((table) => table.schema === 'pgboss')) throw new Error("pg-boss's tables not found");
  if (tables.length < 20) throw new Error(`only ${tables.length} tables found: is the catalogue read right?`);
  const left: RowsLeft[] = [];
  for (const table of tables) {
    const name = sql.raw(`"${table.schema}"."${table.name}"`);
    const naming = sql.join(
      traces.map((trace) => sql`strpos(lower(r::text), ${trace.toLowerCase()}) > 0`),
      sql` or `,
    );
    const [row] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`select count(*) as n from ${name} as r where ${naming}`),
    );
    left.push({ table: `${table.schema}.${table.name}`, rows: Number(row?.n ?? 0) });
  }
  return left;
}

/** pg-boss jobs of the user that are still to run: naming the user, or the user's account.deletion job. */
export async function pendingJobsNaming(t: TestApp, userId: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select name from pgboss.job where state in ('created', 'retry', 'active') and (data->>'userId' = ${userId}
        or id::text = (select deletion_job_id from users where id = ${userId}))`,
    ),
  );
  return rows.map((row) => row.name);
}
