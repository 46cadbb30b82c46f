import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The counters of the per-address and per-user request limits (plugins/rate-limit.ts), in the database so
// that every process counts into the same window and a restart forgets nothing (issue 29). Keyed by a hash
// of the route and the client's key (an address or a user id), never the address itself. Rows whose window
// has ended are removed by the hourly cleanup job.
export const rateLimitHits = pgTable('rate_limit_hits', {
  keyHash: text('key_hash').primaryKey(),
  hits: integer('hits').notNull(),
  /** The end of the current window: the count starts again from one after it. */
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
