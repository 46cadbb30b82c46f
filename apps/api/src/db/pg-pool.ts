import pg from 'pg';

// The PostgreSQL pool, with the limits that keep a request from hanging with the database: a connection
// gets `connectMs` to open (or to come free), a statement `statementMs` to run on the server, and the
// client waits a little longer than that for any answer, which bounds a server that does not answer at all
// (frozen, or gone without closing its connections).

export interface PoolTimeouts {
  statementMs: number;
  connectMs: number;
}

/** The server cancels a slow statement first (the connection stays usable); the client's wait is the net. */
const CLIENT_MARGIN_MS = 1_000;
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * pg answers a query that got no reply in time with an error but keeps its connection, with the query still
 * running on it: once a frozen server wakes up, the late answer would land on a connection the pool has
 * handed to the next request, inside a transaction whose ROLLBACK was given up unsent. A client whose query
 * timed out closes its connection instead, so the pool discards it and opens a fresh one.
 */
class ClosingOnTimeoutClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only watches the outcome
  override query(...args: any[]): any {
    const run = super.query as (...queryArgs: unknown[]) => unknown;
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        this.closeAfterTimeout(error);
        last(error, result);
      };
      return run.apply(this, args);
    }
    const result = run.apply(this, args);
    if (result instanceof Promise) result.catch((error: Error) => this.closeAfterTimeout(error));
    return result;
  }

  private closeAfterTimeout(error: Error | null) {
    if (error?.message === READ_TIMEOUT_MESSAGE) void this.end().catch(() => {});
  }
}

export function createPool(connectionString: string, timeouts?: PoolTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
    ...(timeouts
      ? {
          Client: ClosingOnTimeoutClient,
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + CLIENT_MARGIN_MS,
        }
      : {}),
  });
  // A dropped idle connection must not crash the process: the pool discards it, the next query opens another.
  pool.on('error', () => {});
  return pool;
}
