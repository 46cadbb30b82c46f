import { sql } from 'drizzle-orm';
import { rowsOf } from './pets.ts';
import type { TestApp } from './test-app.ts';

// One hash over the rows of every table of the app's schema, to prove a refused request changed nothing.
// Tables that change on reads or refusals by design are left out: sessions (last use, refresh),
// verifications (a reset or sign-in link asked for), rate limits, and the count of wrong passwords per
// address (a refused sign-in is what it counts: modules/auth/throttles/sign-in-throttle.ts).

const CHANGES_BY_DESIGN = /session|verification|rate_limit|sign_in_failures/i;

/**
 * The newest transaction id not yet committed: it moves only when a transaction that took an id (a write,
 * a row lock) ends, so while it stands still no row can have changed and the full fingerprint is not needed.
 */
export async function writeMark(t: TestApp): Promise<string> {
  const [row] = rowsOf<{ mark: string }>(
    await t.database.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS mark`),
  );
  return row?.mark ?? '';
}

export async function dataFingerprint(t: TestApp): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  )
    .map((row) => row.table_name)
    .filter((name) => !CHANGES_BY_DESIGN.test(name) && !name.startsWith('__drizzle'));
  const parts = tables.map(
    (name) =>
      `SELECT '${name}' AS t, coalesce(md5(string_agg(md5(r::text), '' ORDER BY md5(r::text))), '') AS h FROM "${name}" r`,
  );
  const rows = rowsOf<{ t: string; h: string }>(
    await t.database.db.execute(sql.raw(parts.join(' UNION ALL '))),
  );
  return rows.map((row) => `${row.t}:${row.h}`).join('\n');
}
