import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// Activation codes, until the plans issue replaces them with batches bound to products. A code is redeemed
// once: `redeemed_at` is set in the same transaction that creates the account redeeming it, and stays set
// even when that account is later deleted (`redeemed_by` then becomes null).

export const activationCodes = pgTable(
  'activation_codes',
  {
    id: text('id').primaryKey(),
    /** Stored upper-case; look-ups normalise the same way. */
    code: text('code').notNull().unique(),
    /**
     * tier-fritz: the GPS tracker sold with this code (registration must name the same one), or the tracker
     * named when a code without one was redeemed. Upper-case; one tracker belongs to one code.
     */
    trackerId: text('tracker_id').unique(),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activation_codes_redeemed_by_idx').on(t.redeemedBy)],
);
