import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shareLinks } from '../../db/schema/emergency.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { membershipOf, type PetRole, reachedBy, roleOf } from '../household/pet-access.ts';

// SQL of share links. The owner's reads and writes are scoped by the pet, after the service's role check;
// the public reads find a link by the hash of its secret alone, and only while it is active.

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ShareLinkInsert = typeof shareLinks.$inferInsert;

/** What the public routes need of an active link. */
export interface ActiveShareLink {
  userId: string;
  petId: string;
  includeDocuments: boolean;
  expiresAt: Date;
}

const activeColumns = {
  userId: shareLinks.userId,
  petId: shareLinks.petId,
  includeDocuments: shareLinks.includeDocuments,
  expiresAt: shareLinks.expiresAt,
};

/** Neither revoked nor expired at `now`. */
const isActive = (now: Date) => and(isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now));

export async function insertShareLink(db: DbOrTx, values: ShareLinkInsert): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

/**
 * The pet's links, newest first, with the role `userId` has on the pet at `now` (the access check of
 * household/pet-access.ts and the read in one statement); undefined when the user reaches the pet not at all.
 */
export async function readPetShareLinks(
  db: DbOrTx,
  userId: string,
  petId: string,
  now: Date,
): Promise<{ role: PetRole; links: ShareLinkRow[] } | undefined> {
  const rows = await db
    .select({ role: roleOf(userId), link: shareLinks })
    .from(pets)
    .leftJoin(householdMembers, membershipOf(userId, now))
    .leftJoin(shareLinks, eq(shareLinks.petId, pets.id))
    .where(and(eq(pets.id, petId), reachedBy(userId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const [first] = rows;
  if (!first?.role) return undefined;
  return { role: first.role, links: rows.flatMap((row) => (row.link ? [row.link] : [])) };
}

/** Ends the pet's link (a second revocation keeps the first time); false when there is no such link. */
export async function revokeShareLink(db: DbOrTx, petId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(shareLinks.id, id), eq(shareLinks.petId, petId)))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

/** The active link with this secret's hash, marked as used at `now`: one statement, found or not. */
export async function useShareLink(
  db: DbOrTx,
  secretHash: string,
  now: Date,
): Promise<ActiveShareLink | undefined> {
  const [row] = await db
    .update(shareLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(shareLinks.secretHash, secretHash), isActive(now)))
    .returning(activeColumns);
  return row;
}

/** The active link with this secret's hash (its files are served without marking a use). */
export async function findActiveShareLink(
  db: DbOrTx,
  secretHash: string,
  now: Date,
): Promise<ActiveShareLink | undefined> {
  const [row] = await db
    .select(activeColumns)
    .from(shareLinks)
    .where(and(eq(shareLinks.secretHash, secretHash), isActive(now)));
  return row;
}

/**
 * A file the link shows: the pet's picture, or (when the link includes documents) a file of one of the
 * pet's documents. Anything else, of this owner or another, is not found.
 */
export async function findSharedFile(
  db: DbOrTx,
  link: ActiveShareLink,
  fileId: string,
): Promise<typeof storedFiles.$inferSelect | undefined> {
  const kinds = link.includeDocuments
    ? or(
        eq(storedFiles.kind, 'pet-image'),
        and(eq(storedFiles.kind, 'document'), isNotNull(storedFiles.documentId)),
      )
    : eq(storedFiles.kind, 'pet-image');
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, fileId),
        eq(storedFiles.userId, link.userId),
        eq(storedFiles.petId, link.petId),
        kinds,
      ),
    );
  return row;
}
