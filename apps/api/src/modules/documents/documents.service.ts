import { randomUUID } from 'node:crypto';
import type { CreateDocumentInput, DocumentList, DocumentType, PetDocument } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbiddenForRole, notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petChangeRecorder } from '../household/household.repo.ts';
import { assertPetAccess, assertRecordAccess } from '../household/pet-access.ts';
import { assertMayAddDocument, entitlementsOf } from '../plans/entitlements.service.ts';
import { fileIdOfEntry, toDocument } from './documents.mapper.ts';
import {
  attachFiles,
  countUserDocuments,
  deleteDocument,
  findDocument,
  insertDocument,
  isVisibleToSitters,
  lockAttachableFiles,
  lockDocument,
  readPetDocuments,
  updateDocument,
} from './documents.repo.ts';
import { assertDocumentEditable, readOnlyDocumentIds } from './retention.ts';

// The document rules: the documents of a pet the user may reach (household/pet-access.ts: the owner and
// co-owners read every document and write, a sitter reads only those visible to sitters; anyone else's pet
// or document answers 404 like a missing one), stored under the owner's id; a document is made of files
// uploaded for that pet (by anyone of the household who may write, stored as the owner's) within the last
// day and that no document holds yet; the plan's documents_limit is the owner's and counts the owner's
// documents across pets, checked in the creating transaction after the owner's membership row is locked, so
// concurrent creates at the limit make exactly one. Every write is in the pet's history. Deleting removes
// the record, then (after the commit) its files' bytes.

export type DocumentsDeps = Pick<AppContext, 'db' | 'storage' | 'brand' | 'publicUrl' | 'clock' | 'log'>;

/** How long an uploaded file waits for its document; the clean-up job removes it afterwards. */
export const UNATTACHED_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const documentError = () => badRequest({ doc_url: 'Document_Error' });

/** Each write's line in the pet's history. */
const recordChange = petChangeRecorder('document');

async function answer(deps: DocumentsDeps, db: DbOrTx, petId: string, docId: string): Promise<PetDocument> {
  const found = await findDocument(db, petId, docId);
  if (!found) throw notFound();
  return toDocument(deps.publicUrl, found);
}

export async function listDocuments(
  deps: DocumentsDeps,
  userId: string,
  petId: string,
): Promise<DocumentList> {
  const found = await readPetDocuments(deps.db, userId, petId, deps.clock());
  if (!found) throw notFound();
  const entitlements = await entitlementsOf(deps.db, deps.brand, found.ownerId);
  // A sitter's total counts only what they see: whether the owner is beyond the limit is asked apart.
  const mayBeBeyond = found.role === 'sitter' || found.total > entitlements.plan.documents_limit;
  const readOnly = mayBeBeyond
    ? await readOnlyDocumentIds(deps.db, deps.brand, found.ownerId)
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
    const { ownerId, role } = await assertPetAccess(tx, userId, petId, 'write', now, { lock: true });
    // What sitters see is the owner's choice (issue 45): a co-owner's documents start hidden from them.
    if (body.visible_to_sitters && role !== 'owner') throw forbiddenForRole();
    await assertMayAddDocument(tx, deps.brand, ownerId, () => countUserDocuments(tx, ownerId));
    const since = new Date(now.getTime() - UNATTACHED_FILE_LIFETIME_MS);
    const attachable = await lockAttachableFiles(tx, ownerId, petId, ids, since);
    if (attachable.length !== ids.length) throw documentError();
    await insertDocument(tx, {
      id,
      userId: ownerId,
      petId,
      documentType: body.document_type as DocumentType,
      description: body.description,
      visibleToSitters: body.visible_to_sitters ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await attachFiles(tx, id, ids);
    await recordChange(tx, userId, petId, 'created', id, now);
  });
  return answer(deps, deps.db, petId, id);
}

/** The description, and whether sitters see the document when `visibleToSitters` is given. */
export async function editDocument(
  deps: DocumentsDeps,
  userId: string,
  docId: string,
  description: string,
  visibleToSitters?: boolean,
): Promise<PetDocument> {
  const now = deps.clock();
  return inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, documents, docId, 'write', now);
    await assertDocumentEditable(tx, deps.brand, access.ownerId, docId);
    if (visibleToSitters !== undefined && access.role !== 'owner') {
      if ((await isVisibleToSitters(tx, docId)) !== visibleToSitters) throw forbiddenForRole();
    }
    const values = {
      description,
      updatedAt: now,
      ...(visibleToSitters === undefined ? {} : { visibleToSitters }),
    };
    if (!(await updateDocument(tx, access.petId, docId, values))) throw notFound();
    await recordChange(tx, userId, access.petId, 'updated', docId, now);
    return answer(deps, tx, access.petId, docId);
  });
}

/** Removes the record and its file rows in one transaction, then the files' bytes (a leftover is logged). */
export async function removeDocument(deps: DocumentsDeps, userId: string, docId: string): Promise<void> {
  const now = deps.clock();
  const keys = await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, documents, docId, 'write', now);
    if (!(await lockDocument(tx, access.petId, docId))) throw notFound();
    const removed = await deleteDocument(tx, access.petId, docId);
    await recordChange(tx, userId, access.petId, 'deleted', docId, now);
    return removed;
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
