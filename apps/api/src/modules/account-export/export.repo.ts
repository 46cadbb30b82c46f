import { and, asc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets } from '../../db/schema/pets.ts';

// The account's files for its export: the profile picture, each pet's picture and every attached document
// file (an upload no document took is no data of the account yet). Scoped by the owner's id.

export interface ExportFileRow {
  id: string;
  kind: string;
  petId: string | null;
  petName: string | null;
  documentId: string | null;
  documentType: string | null;
  description: string | null;
  name: string | null;
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: Date;
}

const owned = (userId: string) =>
  and(
    eq(storedFiles.userId, userId),
    or(ne(storedFiles.kind, 'document'), isNotNull(storedFiles.documentId)),
  );

export async function exportFiles(db: DbOrTx, userId: string): Promise<ExportFileRow[]> {
  return (
    db
      .select({
        id: storedFiles.id,
        kind: storedFiles.kind,
        petId: storedFiles.petId,
        petName: pets.name,
        documentId: storedFiles.documentId,
        documentType: documents.documentType,
        description: documents.description,
        name: storedFiles.name,
        contentType: storedFiles.contentType,
        size: storedFiles.size,
        storageKey: storedFiles.storageKey,
        createdAt: storedFiles.createdAt,
      })
      .from(storedFiles)
      .leftJoin(pets, eq(pets.id, storedFiles.petId))
      .leftJoin(documents, eq(documents.id, storedFiles.documentId))
      .where(owned(userId))
      // The profile picture, then pet by pet (oldest first) its picture and its documents' files in order.
      .orderBy(
        sql`${storedFiles.petId} is not null`,
        asc(pets.createdAt),
        asc(pets.id),
        sql`${storedFiles.kind} <> 'pet-image'`,
        asc(documents.createdAt),
        asc(documents.id),
        asc(storedFiles.position),
      )
  );
}

/** What the account's files add up to: decides between the ZIP at once and the prepared one. */
export async function exportFilesBytes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)::text` })
    .from(storedFiles)
    .where(owned(userId));
  return Number(row?.bytes ?? 0);
}
