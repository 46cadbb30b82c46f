import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

// Hot reads as prepared statements (issue 30): Drizzle builds a query's SQL anew on every call, which a
// profile of GET /v1/pet put at a fifth of the request's time; prepared, it is built once per database, and
// on PostgreSQL each connection parses it once (a named statement), so a call sends only its parameters.
// Inside a transaction the query is built on the transaction as usual: it must run there (a statement of the
// database would not see the transaction's writes), and one prepared per transaction would be built anew for
// each anyway. db/prepared.test.ts reads inside and outside a transaction.

/**
 * `build(db)` once per database, answering what it prepared; for a transaction, undefined (the caller builds
 * the query on the transaction as before).
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: DbOrTx) => T | undefined {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    if (db instanceof PgTransaction) return undefined;
    const root = db as Db;
    let statement = statements.get(root);
    if (!statement) {
      statement = build(root);
      statements.set(root, statement);
    }
    return statement;
  };
}
