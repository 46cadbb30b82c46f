import { randomUUID } from 'node:crypto';
import { DOCUMENT_LIMITS } from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { petFileKey } from '../../storage/keys.ts';
import { storeUpload, type UploadPart } from '../files/stored-upload.ts';
import { assertPetAccess, type PetAccess } from '../household/pet-access.ts';
import { documentGuard } from './document-type.ts';
import { docUrlEntry } from './documents.mapper.ts';
import { DOCUMENT_FILE_KIND, insertDocumentFiles, type StoredFileInsert } from './documents.repo.ts';
import { type DocumentsDeps, removeBytes } from './documents.service.ts';

// POST /v1/upload/document: the first of the two steps. Each file is streamed through its type guard into
// the pet's storage folder; once every file of the request is whole and accepted, their rows are written in
// one transaction, unattached (`document_id` null) until a document takes them. Any refused file (too
// large, a refused type, a sixth file) refuses the request: the files already stored are removed again.
// Whoever of the household may write uploads; the files are the owner's (their folder, their id), so any
// writer's document of the pet can take them.

export interface DocumentPart extends UploadPart {
  filename: string;
}

const tooManyFiles = () => badRequest({ file: 'To_Many_Files_Error_Text' }, 'To_Many_Files_Error_Text');

const MAX_NAME_CHARACTERS = 255;

/**
 * The name the file had on the owner's device, as a display name: no folders, no control characters, at most
 * 255 characters, shortened before its extension (which decides what the file may be).
 */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const characters = [...clean];
  if (characters.length === 0) return 'file';
  if (characters.length <= MAX_NAME_CHARACTERS) return clean;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? '';
  return characters.slice(0, MAX_NAME_CHARACTERS - extension.length).join('') + extension;
}

/** `access`: the user's write access to the pet, checked before the first byte was read. */
export async function storeDocumentFiles(
  deps: DocumentsDeps,
  userId: string,
  access: Pick<PetAccess, 'petId' | 'ownerId'>,
  parts: AsyncIterable<DocumentPart>,
): Promise<string[]> {
  const { petId, ownerId } = access;
  const rows: StoredFileInsert[] = [];
  try {
    for await (const part of parts) {
      try {
        if (rows.length === DOCUMENT_LIMITS.files) throw tooManyFiles();
        const id = randomUUID();
        const name = displayName(part.filename);
        const key = petFileKey(ownerId, petId, id);
        const { size, type } = await storeUpload(deps.storage, key, part, documentGuard(name));
        rows.push({
          id,
          userId: ownerId,
          petId,
          kind: DOCUMENT_FILE_KIND,
          storageKey: key,
          contentType: type,
          name,
          size,
        });
      } catch (error) {
        // Read (and drop) the rest of this file, so the answer is not stuck behind an unread body.
        part.file.resume();
        throw error;
      }
    }
    if (rows.length === 0) throw badRequest({ file: 'Required_Error' });
    const createdAt = deps.clock();
    await inTransaction(deps.db, async (tx) => {
      // The pet may have been deleted (or the user's membership ended) while its files were arriving.
      const still = await assertPetAccess(tx, userId, petId, 'write', createdAt, { lock: true });
      if (still.ownerId !== ownerId) throw notFound();
      await insertDocumentFiles(
        tx,
        rows.map((row) => ({ ...row, createdAt })),
      );
    });
  } catch (error) {
    await removeBytes(
      deps,
      rows.map((row) => row.storageKey),
      'a refused upload’s file could not be removed',
    );
    throw error;
  }
  return rows.map((row) => docUrlEntry(deps.publicUrl, row));
}
