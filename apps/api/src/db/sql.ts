import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * `"table"."column"`, always qualified. A correlated subquery (a JSON list read with its parent row) must
 * name the outer row's column this way: in a select from one table Drizzle writes columns without their
 * table, and inside the subquery a bare `"id"` would mean the subquery's own table.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** Rows of a raw `db.execute` on either driver (PGlite answers { rows }, node-postgres too; some versions an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
