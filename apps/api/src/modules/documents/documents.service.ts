import { randomUUID } from 'node:crypto';
import type { CreateDocumentInput, DocumentList, DocumentType, PetDocument } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { assertOwnPet } from '../pets/pet-ownership.ts';
import { assertMayAddDocument, entitlementsOf } from '../plans/entitlements.service.ts';
import { fileIdOfEntry, toDocument } from './documents.mapper.ts';
import {
  attachFiles,
  countUserDocuments,
  deleteDocument,
  findDocument,
  insertDocument,
  lockAttachableFiles,
  lockDocument,
  readPetDocuments,
  updateDocument,
} from './documents.repo.ts';
import { assertDocumentEditable, readOnlyDocumentIds } from './retention.ts';

// The document rules: only the owner's pets and documents; a document is made of files its owner uploaded
// for that pet within the last day and that no document holds yet; the plan's documents_limit counts the
// user's documents across pets, checked in the creating transaction after the membership row is locked, so
// concurrent creates at the limit make exactly one. Deleting removes the record, then (after the commit)
// its files' bytes.

export type DocumentsDeps = Pick<AppContext, 'db' | 'storage' | 'brand' | 'publicUrl' | 'clock' | 'log'>;

/** How long an uploaded file waits for its document; the clean-up job removes it afterwards. */
export const UNATTACHED_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const documentError = () => badRequest({ doc_url: 'Document_Error' });

async function answer(deps: DocumentsDeps, db: DbOrTx, userId: string, docId: string): Promise<PetDocument> {
  const found = await findDocument(db, userId, docId);
  if (!found) throw notFound();
  return toDocument(deps.publicUrl, found);
}

export async function listDocuments(
  deps: DocumentsDeps,
  userId: string,
  petId: string,
): Promise<DocumentList> {
  const found = await readPetDocuments(deps.db, userId, petId);
  if (!found) throw notFound();
  const entitlements = await entitlementsOf(deps.db, deps.brand, userId);
  const readOnly =
    found.total > entitlements.plan.documents_limit
      ? await readOnlyDocumentIds(deps.db, deps.brand, userId)
      : new Set<string>();
  return {
    data: found.documents.map((row) =>
      toDocument(deps.publicUrl, row, undefined, readOnly.has(row.document.id)),
    ),
    total: found.total,
    limit: entitlements.plan.documents_limit,
  };
}

export async function createDocument(
  deps: DocumentsDeps,
  userId: string,
  petId: string,
  body: CreateDocumentInput,
): Promise<PetDocument> {
  const fileIds = body.doc_url.map((entry) => fileIdOfEntry(deps.publicUrl, entry));
  if (fileIds.some((id) => id === null) || new Set(fileIds).size !== fileIds.length) throw documentError();
  const ids = fileIds as string[];
  const id = randomUUID();
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    // The pet's row is held so that it cannot go while its document is made.
    await assertOwnPet(tx, userId, petId, { lock: true });
    await assertMayAddDocument(tx, deps.brand, userId, () => countUserDocuments(tx, userId));
    const since = new Date(now.getTime() - UNATTACHED_FILE_LIFETIME_MS);
    const attachable = await lockAttachableFiles(tx, userId, petId, ids, since);
    if (attachable.length !== ids.length) throw documentError();
    await insertDocument(tx, {
      id,
      userId,
      petId,
      documentType: body.document_type as DocumentType,
      description: body.description,
      createdAt: now,
      updatedAt: now,
    });
    await attachFiles(tx, id, ids);
  });
  return answer(deps, deps.db, userId, id);
}

export async function editDocument(
  deps: DocumentsDeps,
  userId: string,
  docId: string,
  description: string,
): Promise<PetDocument> {
  await assertDocumentEditable(deps.db, deps.brand, userId, docId);
  const updated = await updateDocument(deps.db, userId, docId, { description, updatedAt: deps.clock() });
  if (!updated) throw notFound();
  return answer(deps, deps.db, userId, docId);
}

/** Removes the record and its file rows in one transaction, then the files' bytes (a leftover is logged). */
export async function removeDocument(deps: DocumentsDeps, userId: string, docId: string): Promise<void> {
  const keys = await inTransaction(deps.db, async (tx) => {
    if (!(await lockDocument(tx, userId, docId))) throw notFound();
    return deleteDocument(tx, userId, docId);
  });
  await removeBytes(deps, keys, 'files of a deleted document could not be removed');
}

export async function removeBytes(
  deps: Pick<DocumentsDeps, 'storage' | 'log'>,
  keys: readonly string[],
  warning: string,
): Promise<void> {
  for (const key of keys) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err }, warning));
  }
}
