import { type AnyColumn, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gpsTrackers } from '../../db/schema/index.ts';
import { qualified } from '../../db/sql.ts';

export type Tracker = typeof gpsTrackers.$inferSelect;

/** What a tracker id may look like once normalised. */
export const TRACKER_FORMAT = /^[A-Z0-9-]{4,64}$/;

/** Tracker ids, like codes, are compared upper-case without surrounding spaces. */
export function normalizeTracker(trackerId: string): string {
  return trackerId.trim().toUpperCase();
}

/** `lock` holds the tracker's row until the transaction ends (concurrent registrations queue here). */
export async function findTracker(
  db: DbOrTx,
  partnerId: string,
  trackerId: string,
  options: { lock: boolean },
): Promise<Tracker | undefined> {
  const query = db
    .select()
    .from(gpsTrackers)
    .where(and(eq(gpsTrackers.trackerId, normalizeTracker(trackerId)), eq(gpsTrackers.partnerId, partnerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Registers a free tracker to the user; false when it is not free (any more). */
export async function registerTracker(
  tx: DbOrTx,
  partnerId: string,
  trackerId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(gpsTrackers)
    .set({ userId, registeredAt: at })
    .where(
      and(
        eq(gpsTrackers.trackerId, normalizeTracker(trackerId)),
        eq(gpsTrackers.partnerId, partnerId),
        isNull(gpsTrackers.userId),
      ),
    )
    .returning({ trackerId: gpsTrackers.trackerId });
  return rows.length === 1;
}

/**
 * The user's tracker ids in `trackerIdsOf`'s order, as one JSON list: a column for the profile's query
 * (`userId` is its users.id), so that myinfo needs no query of its own for them.
 */
export function trackerIdsJson(userId: AnyColumn) {
  return sql<string[]>`coalesce((
    select json_agg(${gpsTrackers.trackerId} order by ${gpsTrackers.registeredAt}, ${gpsTrackers.trackerId})
    from ${gpsTrackers} where ${gpsTrackers.userId} = ${qualified(userId)}
  ), '[]'::json)`;
}

export async function trackerIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ trackerId: gpsTrackers.trackerId })
    .from(gpsTrackers)
    .where(eq(gpsTrackers.userId, userId))
    .orderBy(gpsTrackers.registeredAt, gpsTrackers.trackerId);
  return rows.map((r) => r.trackerId);
}

/** Issues the trackers not yet known (by id, whatever their partner); returns how many were new. */
export async function importTrackers(db: DbOrTx, partnerId: string, trackerIds: string[]): Promise<number> {
  let inserted = 0;
  // Chunks keep each statement well under the bind-parameter limit.
  for (let i = 0; i < trackerIds.length; i += 1000) {
    const chunk = trackerIds.slice(i, i + 1000);
    const rows = await db
      .insert(gpsTrackers)
      .values(chunk.map((id) => ({ trackerId: normalizeTracker(id), partnerId })))
      .onConflictDoNothing({ target: gpsTrackers.trackerId })
      .returning({ trackerId: gpsTrackers.trackerId });
    inserted += rows.length;
  }
  return inserted;
}

/** A deleted account's trackers become free for the next registration (issue 15). */
export async function freeTrackersOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(gpsTrackers)
    .set({ userId: null, registeredAt: null })
    .where(eq(gpsTrackers.userId, userId));
}

/** Removes the trackers of this list that nobody registered; returns how many went. */
export async function removeFreeTrackers(db: DbOrTx, trackerIds: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < trackerIds.length; i += 1000) {
    const chunk = trackerIds.slice(i, i + 1000).map(normalizeTracker);
    const rows = await db
      .delete(gpsTrackers)
      .where(and(inArray(gpsTrackers.trackerId, chunk), isNull(gpsTrackers.userId)))
      .returning({ trackerId: gpsTrackers.trackerId });
    removed += rows.length;
  }
  return removed;
}
