// Statements on a PostgreSQL server's maintenance database: CREATE/DROP DATABASE cannot run inside the
// transaction a pool may wrap them in, and must not hold a connection to the database they copy or drop.
import pg from 'pg';

export const PG_TEMPLATE = 'pet_template';
/** Databases made from the template start with this, so leftovers of a crashed run can be found. */
export const PG_TEST_PREFIX = 'pet_test_';

export async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(sql));
}

/** The server URL with another database name in its path. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
