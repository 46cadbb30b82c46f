import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';

// The private calendar feed's row: one per user, holding the SHA-256 of the secret in its address.

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function findFeed(db: DbOrTx, userId: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/** Creates the feed or replaces its secret (the old address stops working at once). */
export async function upsertFeed(db: DbOrTx, userId: string, tokenHash: string): Promise<FeedRow> {
  const createdAt = new Date();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt } })
    .returning();
  return row!;
}

export async function deleteFeed(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed's owner by the hash of the secret in its address. */
export async function findFeedOwner(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ userId: string; language: string } | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}
