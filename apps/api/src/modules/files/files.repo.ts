import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets } from '../../db/schema/pets.ts';

// SQL of stored files. The service decides who may be served a file (the user's own picture, a pet's files
// by the household's role check); a file is found here by its id alone.

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type FileKind = 'pet-image' | 'user-image' | 'document';

/** The file with, for a document's file, whether its document is visible to the pet's sitters. */
export async function findFile(
  db: DbOrTx,
  fileId: string,
): Promise<{ file: StoredFileRow; visibleToSitters: boolean | null } | undefined> {
  const [row] = await db
    .select({ file: storedFiles, visibleToSitters: documents.visibleToSitters })
    .from(storedFiles)
    .leftJoin(documents, eq(documents.id, storedFiles.documentId))
    .where(eq(storedFiles.id, fileId));
  return row;
}

/** Holds the pet's row until the transaction ends: replacing its picture runs one request at a time. */
export async function lockPetRow(db: DbOrTx, petId: string): Promise<boolean> {
  const rows = await db.select({ id: pets.id }).from(pets).where(eq(pets.id, petId)).for('update');
  return rows.length > 0;
}

/** Locks the user's row: replacing their picture runs one request at a time. */
export async function lockUserRow(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Removes the picture rows of a pet or a user; answers their storage keys. */
export async function deletePictures(
  db: DbOrTx,
  target: { kind: 'pet-image'; petId: string } | { kind: 'user-image'; userId: string },
): Promise<string[]> {
  const rows = await db
    .delete(storedFiles)
    .where(
      target.kind === 'pet-image'
        ? and(eq(storedFiles.kind, 'pet-image'), eq(storedFiles.petId, target.petId))
        : and(eq(storedFiles.kind, 'user-image'), eq(storedFiles.userId, target.userId)),
    )
    .returning({ key: storedFiles.storageKey });
  return rows.map((r) => r.key);
}

export async function insertFile(db: DbOrTx, row: typeof storedFiles.$inferInsert): Promise<void> {
  await db.insert(storedFiles).values(row);
}

/** The user's picture as myinfo shows it (better-auth's `image` field). */
export async function setUserImage(db: DbOrTx, userId: string, url: string): Promise<void> {
  await db.update(users).set({ image: url }).where(eq(users.id, userId));
}

/**
 * Which of `keys` (`users/<user id>/...`) no row points at although their user exists: the files a killed
 * upload or replacement left behind. A key of an unknown user is never one: bytes of another database's
 * users (DATABASE_URL pointed elsewhere) are not this database's to remove.
 */
export async function orphanedKeysAmong(db: DbOrTx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const userIdOf = (key: string) => key.split('/')[1] ?? '';
  const stored = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, keys));
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(keys.map(userIdOf))]));
  const storedKeys = new Set(stored.map((r) => r.key));
  const userIds = new Set(known.map((r) => r.id));
  return keys.filter((key) => !storedKeys.has(key) && userIds.has(userIdOf(key)));
}
