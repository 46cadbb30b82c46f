import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { membershipOf, type PetRole, reachedBy, roleOf } from '../household/pet-access.ts';

// SQL of documents and their files. The service has checked the user's access to the pet
// (modules/household/pet-access.ts); a document's reads and writes here are scoped by that pet, and what
// belongs to the owner (the plan's count, the uploaded files) by the owner's id: a pet's documents and files
// are stored under its owner's id whoever of the household made them. Files of a document are
// `stored_files` rows of kind 'document'; uploaded ones wait with `document_id` null until a document takes
// them.

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentInsert = typeof documents.$inferInsert;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type StoredFileInsert = typeof storedFiles.$inferInsert;

export const DOCUMENT_FILE_KIND = 'document';

/** What the answers and the ZIP read of a document and of its files (no more: the list reads a hundred). */
const documentColumns = {
  id: documents.id,
  petId: documents.petId,
  documentType: documents.documentType,
  description: documents.description,
  visibleToSitters: documents.visibleToSitters,
  createdAt: documents.createdAt,
};
const fileColumns = {
  id: storedFiles.id,
  name: storedFiles.name,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  storageKey: storedFiles.storageKey,
};
export type DocumentFields = Pick<DocumentRow, keyof typeof documentColumns>;
export type DocumentFileFields = Pick<StoredFileRow, keyof typeof fileColumns>;

export interface DocumentWithFiles {
  document: DocumentFields;
  files: DocumentFileFields[];
}

/** Groups joined rows (documents in their order, each with its files) into documents with their files. */
function grouped(
  rows: Array<{ document: DocumentFields | null; file: DocumentFileFields | null }>,
): DocumentWithFiles[] {
  const byId = new Map<string, DocumentWithFiles>();
  for (const { document, file } of rows) {
    if (!document) continue;
    let entry = byId.get(document.id);
    if (!entry) {
      entry = { document, files: [] };
      byId.set(document.id, entry);
    }
    if (file) entry.files.push(file);
  }
  return [...byId.values()];
}

function documentsWithFiles(db: DbOrTx) {
  return db
    .select({ document: documentColumns, file: fileColumns })
    .from(documents)
    .leftJoin(storedFiles, eq(storedFiles.documentId, documents.id));
}

export interface PetDocuments {
  /** The reader's role on the pet, and whose pet it is (the plan's and the count's). */
  role: PetRole;
  ownerId: string;
  petName: string;
  /**
   * The owner's documents across all pets (what the plan's documents_limit counts); for a sitter, the
   * documents of the pet they see.
   */
  total: number;
  /** Newest first, each with its files in their order. */
  documents: DocumentWithFiles[];
}

/**
 * The pet as `userId` reaches it at `now` (household/pet-access.ts), with its documents (a sitter's: only
 * those visible to sitters) and their files, in one statement: the access check is the read's own join.
 */
function petDocuments(
  db: DbOrTx,
  userId: Placeholder<'userId'> | string,
  petId: Placeholder<'petId'> | string,
  now: SQL,
) {
  const role = roleOf(userId);
  const sitter = sql`${householdMembers.role} = 'sitter'`;
  const total = sql<number>`case when ${sitter}
    then (select count(*) from "documents" "counted" where "counted"."pet_id" = ${pets.id} and "counted"."visible_to_sitters")
    else (select count(*) from "documents" "counted" where "counted"."user_id" = ${pets.userId}) end`;
  return db
    .select({
      role,
      ownerId: pets.userId,
      petName: pets.name,
      total: total.mapWith(Number),
      document: documentColumns,
      file: fileColumns,
    })
    .from(pets)
    .leftJoin(householdMembers, membershipOf(userId, now))
    .leftJoin(
      documents,
      and(
        eq(documents.petId, pets.id),
        sql`(${documents.visibleToSitters} or ${householdMembers.role} is distinct from 'sitter')`,
      ),
    )
    .leftJoin(storedFiles, eq(storedFiles.documentId, documents.id))
    .where(and(eq(pets.id, petId), reachedBy(userId)))
    .orderBy(desc(documents.createdAt), desc(documents.id), asc(storedFiles.position));
}

/** GET /v1/document/mydocs's read (db/prepared.ts). */
const petDocumentsPrepared = preparedPerDatabase((db) =>
  petDocuments(
    db,
    sql.placeholder('userId'),
    sql.placeholder('petId'),
    sql`${sql.placeholder('now')}::timestamptz`,
  ).prepare('pet_documents'),
);

/**
 * The pet with its documents and their files as `userId` reaches it at `now`, and the count the plan's limit
 * is about; undefined when the user reaches the pet not at all. One statement.
 */
export async function readPetDocuments(
  db: DbOrTx,
  userId: string,
  petId: string,
  now: Date = new Date(),
): Promise<PetDocuments | undefined> {
  const statement = petDocumentsPrepared(db);
  const rows = statement
    ? await statement.execute({ userId, petId, now: now.toISOString() })
    : await petDocuments(db, userId, petId, sql`${now.toISOString()}::timestamptz`);
  const [first] = rows;
  if (!first?.role) return undefined;
  const { role, ownerId, petName, total } = first;
  return { role, ownerId, petName, total, documents: grouped(rows) };
}

/** The pet's document with its files. */
export async function findDocument(
  db: DbOrTx,
  petId: string,
  docId: string,
): Promise<DocumentWithFiles | undefined> {
  const rows = await documentsWithFiles(db)
    .where(and(eq(documents.id, docId), eq(documents.petId, petId)))
    .orderBy(asc(storedFiles.position));
  return grouped(rows)[0];
}

/** Whether the document is shown to its pet's sitters. */
export async function isVisibleToSitters(db: DbOrTx, docId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ visible: documents.visibleToSitters })
    .from(documents)
    .where(eq(documents.id, docId));
  return row?.visible;
}

/** Holds the pet's document until the transaction ends (an edit or a delete). */
export async function lockDocument(db: DbOrTx, petId: string, docId: string): Promise<boolean> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, docId), eq(documents.petId, petId)))
    .for('update');
  return rows.length > 0;
}

export async function countUserDocuments(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
  return row?.n ?? 0;
}

export async function insertDocument(db: DbOrTx, values: DocumentInsert): Promise<void> {
  await db.insert(documents).values(values);
}

export async function updateDocument(
  db: DbOrTx,
  petId: string,
  docId: string,
  values: Pick<DocumentInsert, 'description' | 'visibleToSitters' | 'updatedAt'>,
): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set(values)
    .where(and(eq(documents.id, docId), eq(documents.petId, petId)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Deletes the pet's document and (by cascade) its file rows; answers the files' storage keys. */
export async function deleteDocument(db: DbOrTx, petId: string, docId: string): Promise<string[]> {
  const files = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .innerJoin(documents, eq(documents.id, storedFiles.documentId))
    .where(and(eq(storedFiles.documentId, docId), eq(documents.petId, petId)));
  await db.delete(documents).where(and(eq(documents.id, docId), eq(documents.petId, petId)));
  return files.map((f) => f.key);
}

export async function insertDocumentFiles(db: DbOrTx, rows: StoredFileInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(storedFiles).values(rows);
}

/**
 * Which of `fileIds` a new document of the pet may take, locked until the transaction ends: the owner's
 * document files of that pet (whoever of the household uploaded them), not attached yet, uploaded after
 * `uploadedAfter`.
 */
export async function lockAttachableFiles(
  db: DbOrTx,
  userId: string,
  petId: string,
  fileIds: readonly string[],
  uploadedAfter: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, [...fileIds]),
        eq(storedFiles.userId, userId),
        eq(storedFiles.petId, petId),
        eq(storedFiles.kind, DOCUMENT_FILE_KIND),
        isNull(storedFiles.documentId),
        gt(storedFiles.createdAt, uploadedAfter),
      ),
    )
    .for('update');
  return rows.map((r) => r.id);
}

/** Attaches the files to the document in the given order. */
export async function attachFiles(db: DbOrTx, docId: string, fileIds: readonly string[]): Promise<void> {
  for (const [position, id] of fileIds.entries()) {
    await db
      .update(storedFiles)
      .set({ documentId: docId, position })
      .where(and(eq(storedFiles.id, id), isNull(storedFiles.documentId)));
  }
}

/**
 * Removes the document files uploaded before `uploadedBefore` that no document took; answers their storage
 * keys. A file attached meanwhile is not touched: the delete re-checks `document_id` after any lock.
 */
export async function deleteUnattachedFiles(db: DbOrTx, uploadedBefore: Date): Promise<string[]> {
  const rows = await db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.kind, DOCUMENT_FILE_KIND),
        isNull(storedFiles.documentId),
        lt(storedFiles.createdAt, uploadedBefore),
      ),
    )
    .returning({ key: storedFiles.storageKey });
  return rows.map((r) => r.key);
}
