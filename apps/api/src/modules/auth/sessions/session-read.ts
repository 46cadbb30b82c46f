import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { FoundSession } from './found-session.ts';

// A signed-in read fused with the session check (issue 30): one statement reads the session, its user and
// the rows the route answers with, so the portal's most frequent read costs one round trip to the database,
// not two. A route names its read in its config (`sessionRead`); the signed-in group's check runs it in
// place of the plain session read, on the fast path only (session-lookup.ts), and the handler takes the rows
// with `takeSessionRows`. Wherever the check takes another path (no usable session for the fast path, a
// refresh due, getSession), nothing is kept and the handler reads as it always does, so the fused read is
// only ever a shortcut. Its rows must be scoped exactly as the handler's own read: the statement joins them
// to the session's user.

export interface SessionRead<Row> {
  /** Whether this request of the route answers with the rows (GET /v1/pet without a pet_id does). */
  applies(request: FastifyRequest): boolean;
  /** The session found by `token` with its user, and the user's rows; undefined without such a session. */
  read(db: Db, token: string): Promise<{ found: FoundSession; rows: Row[] } | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's read fused with the session check (modules/auth/sessions/session-read.ts). */
    sessionRead?: SessionRead<unknown>;
  }
}

const keptRows = new WeakMap<FastifyRequest, unknown[]>();

/** The check's part: the rows read with the request's session. */
export function keepSessionRows(request: FastifyRequest, rows: unknown[]): void {
  keptRows.set(request, rows);
}

/** The handler's part: the rows `read` fetched with the session, or undefined when it did not run. */
export function takeSessionRows<Row>(request: FastifyRequest, read: SessionRead<Row>): Row[] | undefined {
  if (request.routeOptions.config.sessionRead !== read) return undefined;
  const rows = keptRows.get(request);
  keptRows.delete(request);
  return rows as Row[] | undefined;
}
