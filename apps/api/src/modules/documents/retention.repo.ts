import { and, asc, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets } from '../../db/schema/pets.ts';

// SQL of the documents beyond a plan's documents_limit (retention.ts): "the newest `keep`" is the list's
// order (upload time, then id, newest first), so the list, the edit check, the warning and the erasure
// always agree on which documents are the usable ones.

const newestFirst = [desc(documents.createdAt), desc(documents.id)] as const;

/** The ids of the user's documents after the newest `keep` (none when `keep` covers them all), `limit` at most. */
export async function documentIdsBeyond(
  db: DbOrTx,
  userId: string,
  keep: number,
  limit?: number,
): Promise<string[]> {
  const query = db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(...newestFirst)
    .offset(keep);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => r.id);
}

export interface DocumentToErase {
  id: string;
  pet: { id: string; name: string };
  documentType: string;
  description: string;
  createdAt: Date;
}

/** What the warning mail lists of the documents after the newest `keep`: by pet, then oldest first. */
export async function documentsBeyond(db: DbOrTx, userId: string, keep: number): Promise<DocumentToErase[]> {
  const ids = await documentIdsBeyond(db, userId, keep);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: documents.id,
      petId: pets.id,
      petName: pets.name,
      documentType: documents.documentType,
      description: documents.description,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(pets, eq(pets.id, documents.petId))
    .where(and(eq(documents.userId, userId), inArray(documents.id, ids)))
    .orderBy(asc(pets.name), asc(pets.id), asc(documents.createdAt), asc(documents.id));
  return rows.map(({ petId, petName, ...document }) => ({ ...document, pet: { id: petId, name: petName } }));
}

/** Deletes the user's documents (their file rows go by cascade); answers the files' storage keys. */
export async function deleteDocuments(db: DbOrTx, userId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const files = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(inArray(storedFiles.documentId, [...ids]), eq(storedFiles.userId, userId)));
  await db.delete(documents).where(and(eq(documents.userId, userId), inArray(documents.id, [...ids])));
  return files.map((f) => f.key);
}

/**
 * Whether the user's paid plan still ended exactly at `endedAt` (and nothing was bought since), with the
 * row held until the transaction ends when `lock`: a payment for a new plan waits for the erasure's batch.
 */
export async function stillEndedAt(
  db: DbOrTx,
  userId: string,
  endedAt: Date,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ status: subscriptions.status, endedAt: subscriptions.endedAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.status === 'ended' && row.endedAt?.getTime() === endedAt.getTime();
}

/**
 * Claims the erasure warning of the plan that ended at `endedAt`: true once per end, while it is still the
 * subscription's end (the claim is committed before the mail is sent, as the order confirmation's).
 */
export async function claimErasureWarning(db: DbOrTx, userId: string, endedAt: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ erasureWarnedFor: endedAt })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'ended'),
        eq(subscriptions.endedAt, endedAt),
        or(isNull(subscriptions.erasureWarnedFor), ne(subscriptions.erasureWarnedFor, endedAt)),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/** Undoes a claim whose mail the SMTP server did not take (the job is then retried). */
export async function releaseErasureWarning(db: DbOrTx, userId: string, endedAt: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ erasureWarnedFor: null })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.erasureWarnedFor, endedAt)));
}
