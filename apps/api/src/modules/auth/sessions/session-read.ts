import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { FoundSession } from './found-session.ts';

// A signed-in read fused with the session check (issue 30): one statement reads the session, its user and
// what the route answers with, so the portal's most frequent read costs one round trip to the database, not
// two. A route names its read in its config (`sessionRead`); the signed-in group's check runs it in place of
// the plain session read, on the fast path only (session-lookup.ts), and the handler takes what it read with
// `takeSessionAnswer`. Wherever the check takes another path (no usable session for the fast path, a
// refresh due, getSession), nothing is kept and the handler reads as it always does, so the fused read is
// only ever a shortcut. Its rows must be scoped exactly as the handler's own read: the statement joins them
// to the session's user.

export interface SessionRead<Answer> {
  /** Whether this request of the route answers with the read (GET /v1/pet without a pet_id does). */
  applies(request: FastifyRequest): boolean;
  /**
   * The session found by `token` with its user, and what the route needs for its answer (the user's rows,
   * or an answer kept from before); undefined without such a session.
   */
  read(db: Db, token: string): Promise<{ found: FoundSession; answer: Answer } | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's read fused with the session check (modules/auth/sessions/session-read.ts). */
    sessionRead?: SessionRead<unknown>;
  }
}

const keptAnswers = new WeakMap<FastifyRequest, unknown>();

/** The check's part: what `read` fetched with the request's session. */
export function keepSessionAnswer(request: FastifyRequest, answer: unknown): void {
  keptAnswers.set(request, answer);
}

/** The handler's part: what the route's `read` fetched with the session, or undefined when it did not run. */
export function takeSessionAnswer<Answer>(
  request: FastifyRequest,
  read: SessionRead<Answer>,
): Answer | undefined {
  if (request.routeOptions.config.sessionRead !== read) return undefined;
  const answer = keptAnswers.get(request);
  keptAnswers.delete(request);
  return answer as Answer | undefined;
}
