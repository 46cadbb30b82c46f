import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// A user's private calendar feed: the address carries a random secret; only its SHA-256 is stored, so the
// table cannot give the addresses away. Rotating replaces the row, revoking deletes it.

export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
