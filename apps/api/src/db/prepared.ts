import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

// Hot reads as prepared statements (issue 30): Drizzle builds a query's SQL anew on every call, which a
// profile of GET /v1/pet put at a fifth of the request's time; prepared, it is built once per database, and
// on PostgreSQL each connection parses it once (a named statement), so a call sends only its parameters.
// Inside a transaction the query is built on the transaction as usual: it must run there (a statement of the
// database would not see the transaction's writes), and one prepared per transaction would be built anew for
// each anyway. db/prepared.test.ts reads inside and outside a transaction.

/** `build(db)` once per database (not per transaction): what belongs to a database for the process's life. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/**
 * `build(db)` once per database, answering what it prepared; for a transaction, undefined (the caller builds
 * the query on the transaction as before).
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: DbOrTx) => T | undefined {
  const prepared = perDatabase(build);
  return (db) => (db instanceof PgTransaction ? undefined : prepared(db as Db));
}
