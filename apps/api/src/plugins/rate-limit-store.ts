import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';

// @fastify/rate-limit's store in PostgreSQL (the embedded PGlite on one machine): one statement per counted
// request adds the hit and starts a new window when the last one has ended, so any number of processes count
// into the same window, and a restart forgets nothing (issue 29; the plugin's own store lives in one
// process's memory). The route and the client's key are stored as an HMAC, not as an address.

type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, answer?: Answer) => void;

/** What @fastify/rate-limit hands `child` for a route: its options and where it is mounted. */
interface RouteLimitOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface RateLimitStoreOptions {
  db: DbOrTx;
  /** Keys the hashes (the auth secret), so the table cannot be matched against a list of addresses. */
  secret: string;
  clock: () => Date;
}

/** Adds a hit to `keyHash`'s window (a new one of `windowMs` when the last has ended); the count and time left. */
export async function countHit(db: DbOrTx, keyHash: string, windowMs: number, now: Date): Promise<Answer> {
  const resetAt = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ keyHash, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitHits.keyHash,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
  const hits = row?.hits ?? 1;
  const left = (row?.resetAt ?? resetAt).getTime() - now.getTime();
  return { current: hits, ttl: Math.max(0, left) };
}

/** The hourly cleanup (modules/auth/throttles/sign-in-failures-cleanup.job.ts): windows that have ended count nothing any more. */
export async function forgetEndedWindows(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetAt, now))
    .returning({ keyHash: rateLimitHits.keyHash });
  return removed.length;
}

/** The store class @fastify/rate-limit constructs (`new Store(globalOptions)`), bound to the database. */
export function postgresRateLimitStore(options: RateLimitStoreOptions) {
  const { db, secret, clock } = options;
  const hashOf = (key: string) =>
    createHmac('sha256', secret).update(`rate-limit:${key}`).digest('base64url');

  return class PostgresRateLimitStore {
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, hashOf(`${this.scope}${key}`), timeWindow, clock()).then(
        (answer) => callback(null, answer),
        (error: Error) => callback(error),
      );
    }

    /**
     * A route's own counters: the same address on two routes is two windows. (The plugin hands its merged
     * options with `routeInfo`, not the route options its types name.)
     */
    child(options: object): PostgresRateLimitStore {
      const route = options as RouteLimitOptions;
      const method = [route.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(`${route.groupId ?? `${method} ${route.routeInfo?.url ?? ''}`}|`);
    }
  };
}
