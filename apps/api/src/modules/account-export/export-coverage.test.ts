import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { seedEverything } from '../../../test/support/account-deletion.ts';
import { unzip } from '../../../test/support/documents.ts';
import { call, rowsOf } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { EXPORT_COVERAGE } from './export-coverage.ts';

// The data export's every-table guard (issue 45), the twin of account deletion's: every table of the database's
// own catalogue is listed in EXPORT_COVERAGE, exported or not with a reason, so a new table cannot be missing
// from "Download my data" unnoticed; and the rows of an exported table that name a user with a record of every
// kind are in that user's data.json.

const t = useTestApp();

async function catalogueTables(): Promise<string[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      order by 1, 2`),
  );
  // Drizzle's migration journal (in the public schema on PGlite) holds no user's data.
  const ours = tables.filter((table) => !table.name.startsWith('__drizzle'));
  return [...new Set(ours.map((table) => (table.schema === 'public' ? table.name : `${table.schema}.*`)))];
}

test('every table of the database is listed: exported, or why not', async () => {
  const tables = await catalogueTables();
  expect(tables.length).toBeGreaterThan(20);
  expect(tables).toContain('pgboss.*');
  expect([...tables].sort()).toEqual(Object.keys(EXPORT_COVERAGE).sort());
  for (const coverage of Object.values(EXPORT_COVERAGE)) {
    expect('at' in coverage ? coverage.at : coverage.notExported).toMatch(/\w{3,}/);
  }
});

test("an exported table's rows of the user are in the user's data.json", async () => {
  const user = await t.user({ plan: 'premium' });
  await seedEverything(t, user);
  const response = await call(t, user, 'GET', apiPaths.accountExport);
  expect(response.statusCode).toBe(200);
  const entries = await unzip(response.rawPayload);
  const dataJson = entries.find((entry) => entry.name === 'data.json')!.data.toString('utf8');

  const probed: string[] = [];
  for (const [table, coverage] of Object.entries(EXPORT_COVERAGE)) {
    if (!('at' in coverage) || !coverage.probe) continue;
    const name = sql.raw(`"${table}"`);
    const column = sql.raw(`"${coverage.probe}"`);
    // The user's rows: those whose text names the user's id (the users row by its own id).
    const values = rowsOf<{ value: string }>(
      await t.database.db.execute(
        sql`select ${column}::text as value from ${name} as r where strpos(r::text, ${user.id}) > 0`,
      ),
    ).map((row) => row.value);
    expect(values.length, `${table}: no row of the seeded user to look for`).toBeGreaterThan(0);
    for (const value of values) {
      expect(dataJson, `${table}.${coverage.probe} ${value} in data.json (${coverage.at})`).toContain(
        JSON.stringify(value).slice(1, -1),
      );
    }
    probed.push(table);
  }
  expect(probed).toEqual(
    expect.arrayContaining(['users', 'pets', 'contacts', 'appointments', 'share_links']),
  );
});
