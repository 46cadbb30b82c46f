import { timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { sessions, users } from '../../../db/schema/index.ts';
import type { Auth } from '../better-auth/better-auth.ts';
import { cookieSignature } from './cookie-signature.ts';
import type { FoundSession } from './found-session.ts';
import type { SessionRead } from './session-read.ts';

// The session check's fast path (auth.plugin.ts), a deliberate shortcut past better-auth, kept small.
//
// better-auth's getSession stays the authority on sessions. In the one state that needs nothing but a read
// (a validly signed session cookie whose session exists, has not expired and is not yet due for its
// refresh) getSession only verifies the cookie and reads the session with its user, and answers without a
// header or a write. Its endpoint machinery around that read (context, hooks, output filtering, a
// relational query built anew each call, a WebCrypto verify on the thread pool) costs more than the read.
// `lookup` does that read directly and answers only in that state. In every other state it answers
// undefined and the caller asks getSession, which then refreshes, clears cookies or deletes the expired
// session exactly as before. Nothing is cached: every call reads the row, so a revoked session (sign-out,
// password change, ban) is refused at once. auth.plugin.test.ts checks it against getSession state by
// state.

/** A session the fast path found; `answer` when a fused read ran with it (session-read.ts). */
export type FoundWith = FoundSession & { answer?: unknown };

export interface SessionLookup {
  /**
   * The session and user of a (better-call) signed session cookie in `cookieHeader`, or undefined; with
   * `read`, read in one statement with what the route reads (session-read.ts).
   */
  (cookieHeader: string | null, read?: SessionRead<unknown>): Promise<FoundWith | undefined>;
  /**
   * The same for a plain session token (`Authorization: Bearer <token>`, what sign-in hands out): the
   * bearer plugin signs such a token into the cookie unconditionally, so the cookie's signature proves
   * nothing the token does not, and signing it only to verify it again costs two HMACs.
   */
  token(token: string, read?: SessionRead<unknown>): Promise<FoundWith | undefined>;
}

type AuthContext = Awaited<Auth['$context']>;

/** Plugins whose hooks leave a plain getSession answer alone (bearer's rewrite is done by the caller). */
const PLUGINS_WITHOUT_SESSION_CHANGES = new Set(['bearer', 'one-time-token', 'magic-link', 'admin']);

/**
 * Whether getSession answers the fast path's state the way described above: no cookie cache, no secondary
 * storage, refreshes done on read, no plugin that reshapes the session. Otherwise `lookup` always defers.
 */
function fastPathHolds(context: AuthContext): boolean {
  // Read as the general options type: the question is what the running configuration says.
  const options: BetterAuthOptions = context.options;
  return (
    options.session?.cookieCache?.enabled !== true &&
    !options.secondaryStorage &&
    !options.session?.deferSessionRefresh &&
    (options.plugins ?? []).every((plugin) => PLUGINS_WITHOUT_SESSION_CHANGES.has(plugin.id))
  );
}

/** better-call's cookie parsing: the value unquoted, then percent-decoded (as it is, should that fail). */
function cookieValue(raw: string): string {
  let value = raw.trim();
  if (value.codePointAt(0) === 34) value = value.slice(1, -1);
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The session's and its user's columns the fast path reads (also read by fused reads, session-read.ts). */
export const sessionColumns = {
  session: { id: sessions.id, expiresAt: sessions.expiresAt, rememberMe: sessions.rememberMe },
  user: {
    id: users.id,
    email: users.email,
    name: users.name,
    emailVerified: users.emailVerified,
    language: users.language,
    role: users.role,
    banned: users.banned,
    banExpires: users.banExpires,
  },
};

/**
 * The session with its user and the `extra` fields (a fused read's rows, session-read.ts): what the lookups
 * select from and join to.
 */
export function sessionsWithUsers<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...sessionColumns, ...extra })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .$dynamic();
}

/** The statement's parameter: the session's token. */
export const tokenParameter = eq(sessions.token, sql.placeholder('token'));

/**
 * The session with its user by token, as a prepared statement: its SQL is built once, and on PostgreSQL
 * each connection parses it once (a named statement), so a request sends only the token.
 */
function sessionWithUser(db: Db) {
  return sessionsWithUsers(db, {}).where(tokenParameter).prepare('session_with_user');
}

export function createSessionLookup(db: Db, context: AuthContext): SessionLookup {
  if (!fastPathHolds(context)) return Object.assign(async () => undefined, { token: async () => undefined });
  const findSessionWithUser = sessionWithUser(db);
  const tokenCookie = context.authCookies.sessionToken.name;
  const dataCookie = context.authCookies.sessionData.name;
  const { expiresIn, updateAge } = context.sessionConfig;

  /** The verified token, or undefined wherever getSession might see it differently or act on cookies. */
  function sessionToken(cookieHeader: string | null): string | undefined {
    if (!cookieHeader) return undefined;
    let raw: string | undefined;
    for (const pair of cookieHeader.split(';')) {
      const at = pair.indexOf('=');
      if (at === -1) continue;
      const name = pair.slice(0, at).trim();
      // getSession clears a session-data cookie when the cache is off: a Set-Cookie only it should send.
      if (name.startsWith(dataCookie)) return undefined;
      if (name !== tokenCookie) continue;
      // The same cookie twice: which one counts is better-call's call.
      if (raw !== undefined) return undefined;
      raw = pair.slice(at + 1);
    }
    if (raw === undefined) return undefined;
    // better-call's signed cookie: `<value>.<base64 HMAC-SHA256 of value>`.
    const value = cookieValue(raw);
    const dot = value.lastIndexOf('.');
    if (dot < 1) return undefined;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(cookieSignature(token, context.secret));
    // Only the canonical signature: any other spelling is left to better-call's own check.
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    return token;
  }

  /** Expired: getSession deletes it and clears the cookie. Due for a refresh (getSession's own rule): it
   * extends it, or for a short session keeps its end (session-hooks.ts); either way a write. */
  function usable(found: FoundSession): boolean {
    const expiresAt = found.session.expiresAt.getTime();
    const now = Date.now();
    return expiresAt >= now && expiresAt - expiresIn * 1000 + updateAge * 1000 > now;
  }

  const byToken = async (token: string, read?: SessionRead<unknown>): Promise<FoundWith | undefined> => {
    if (read) {
      const result = await read.read(db, token);
      return result && usable(result.found) ? { ...result.found, answer: result.answer } : undefined;
    }
    const [found] = await findSessionWithUser.execute({ token });
    return found && usable(found) ? found : undefined;
  };
  const lookup = async (cookieHeader: string | null, read?: SessionRead<unknown>) => {
    const token = sessionToken(cookieHeader);
    return token ? byToken(token, read) : undefined;
  };
  return Object.assign(lookup, { token: byToken });
}
