import type { Database } from '../../src/db/client.ts';

// The SQL statements the app sends, on either driver: how many a read costs (test/read-path.test.ts, the
// emergency file's data), so that a change adding a query per request or per pet fails a test.

/** Records the statements the app sends while `run` runs (pg-boss's own housekeeping is left out). */
export function statementRecorder(database: Database) {
  const statements: string[] = [];
  let recording = false;
  const record = (query: unknown) => {
    const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
    if (recording && text && !text.includes('pgboss')) statements.push(text);
  };
  type Runner = { query: (...args: never[]) => unknown; exec: (...args: never[]) => unknown };
  const wrap = (runner: Runner) => {
    for (const name of ['query', 'exec'] as const) {
      const original = runner[name].bind(runner) as (...args: unknown[]) => unknown;
      (runner as Record<string, unknown>)[name] = (query: unknown, ...rest: unknown[]) => {
        record(query);
        return original(query, ...rest);
      };
    }
  };
  if (database.pglite) {
    const pglite = database.pglite;
    wrap(pglite as unknown as Runner);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = ((callback: (tx: Runner) => Promise<unknown>) => {
      record('BEGIN');
      return transaction((tx) => {
        wrap(tx as unknown as Runner);
        return callback(tx as unknown as Runner);
      });
    }) as typeof pglite.transaction;
  }
  // Every statement, of pool.query or of a transaction, runs on a client checked out of the pool.
  const wrapped = new WeakSet<object>();
  database.pool?.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as Record<string, unknown>).query = (text: unknown, ...rest: unknown[]) => {
      record(text);
      return query(text, ...rest);
    };
  });
  return async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    statements.length = 0;
    recording = true;
    try {
      await run();
    } finally {
      recording = false;
    }
    return [...statements];
  };
}
