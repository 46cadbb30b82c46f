import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// GPS tracker ids (tier-fritz), issued by the operator (CLI import). Registration sets `user_id` with a
// conditional UPDATE (... WHERE user_id IS NULL), so a tracker belongs to at most one user even when many
// sign-ups name it at once. A deleted account frees its tracker.

export const gpsTrackers = pgTable(
  'gps_trackers',
  {
    /** Upper-case, as printed on the device. */
    trackerId: text('tracker_id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gps_trackers_user_id_idx').on(t.userId),
    check('gps_trackers_tracker_id_upper_check', sql`${t.trackerId} = upper(${t.trackerId})`),
  ],
);
