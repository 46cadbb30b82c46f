import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Consecutive wrong passwords per sign-in address (modules/auth/throttles/sign-in-throttle.ts), in the database so the
// count holds across processes and restarts. Keyed by a hash of the lower-cased address, not the address:
// guesses for addresses nobody has are counted too (the answer must not tell them apart), and those rows
// should not keep strangers' addresses.
export const signInFailures = pgTable('sign_in_failures', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  /** No sign-in attempt is tried before this time. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
});
