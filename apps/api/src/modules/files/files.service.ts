import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { fileUrl } from '../../lib/file-url.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petFileKey, profileFileKey } from '../../storage/keys.ts';
import { recordHistory } from '../household/household.repo.ts';
import { assertPetAccess, petAccessOf, roleAllows } from '../household/pet-access.ts';
import {
  deletePictures,
  type FileKind,
  findFile,
  insertFile,
  lockPetRow,
  lockUserRow,
  type StoredFileRow,
  setUserImage,
} from './files.repo.ts';
import { imageGuard } from './image-type.ts';
import { storeUpload, type UploadPart } from './stored-upload.ts';

// Pictures of pets and users: streamed to storage while their first bytes are checked, recorded once whole,
// and served to whom may see them. A replaced picture's bytes are removed after the new one is committed.
// A pet's picture is set by its owner or a co-owner (household/pet-access.ts: a sitter gets 403, anyone else
// 404), stored as the owner's, and in the pet's history; a user's picture is theirs alone.

export type FilesDeps = Pick<AppContext, 'db' | 'storage' | 'publicUrl' | 'log' | 'clock'>;

export type UploadTarget = { for: 'pet'; petId: string } | { for: 'user' };

/**
 * Before any byte is read: someone else's (or no) pet answers 404 like a missing one, a sitter's 403
 * FORBIDDEN_FOR_ROLE. Answers whose the picture will be: the pet's owner, or the user.
 */
export async function checkUploadTarget(
  deps: FilesDeps,
  userId: string,
  target: UploadTarget,
): Promise<string> {
  if (target.for === 'user') return userId;
  return (await assertPetAccess(deps.db, userId, target.petId, 'write', deps.clock())).ownerId;
}

function storageKey(ownerId: string, target: UploadTarget, fileId: string): string {
  return target.for === 'pet' ? petFileKey(ownerId, target.petId, fileId) : profileFileKey(ownerId, fileId);
}

/**
 * Streams the picture to storage (415 when its first bytes are no JPEG, PNG, WebP or GIF; 413 past
 * MAX_UPLOAD_BYTES), then makes it the pet's or the user's picture in one transaction. `ownerId`: whose it is
 * (checkUploadTarget). Nothing is left in storage when any step fails.
 */
export async function storePicture(
  deps: FilesDeps,
  userId: string,
  target: UploadTarget,
  ownerId: string,
  part: UploadPart,
): Promise<{ image_url: string }> {
  const fileId = randomUUID();
  const key = storageKey(ownerId, target, fileId);
  const { size, type } = await storeUpload(deps.storage, key, part, imageGuard(MAX_UPLOAD_BYTES));
  const kind: FileKind = target.for === 'pet' ? 'pet-image' : 'user-image';
  const url = fileUrl(deps.publicUrl, fileId);
  let replaced: string[];
  try {
    replaced = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock();
      if (target.for === 'pet') {
        // Asked again: the membership may have ended (or the pet gone, or been passed on) meanwhile.
        const access = await assertPetAccess(tx, userId, target.petId, 'write', now);
        if (access.ownerId !== ownerId) throw notFound();
      }
      // The lock orders concurrent replacements; the pet may have been deleted meanwhile.
      const locked =
        target.for === 'pet' ? await lockPetRow(tx, target.petId) : await lockUserRow(tx, userId);
      if (!locked) throw notFound();
      const old = await deletePictures(
        tx,
        target.for === 'pet' ? { kind: 'pet-image', petId: target.petId } : { kind: 'user-image', userId },
      );
      await insertFile(tx, {
        id: fileId,
        userId: ownerId,
        petId: target.for === 'pet' ? target.petId : null,
        kind,
        storageKey: key,
        contentType: type.contentType,
        size,
      });
      if (target.for === 'user') await setUserImage(tx, userId, url);
      else
        await recordHistory(tx, {
          petId: target.petId,
          actorId: userId,
          action: old.length > 0 ? 'updated' : 'created',
          entity: 'picture',
          entityId: fileId,
          at: now,
        });
      return old;
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  for (const oldKey of replaced) {
    await deps.storage.delete(oldKey).catch((err: unknown) => {
      deps.log.warn({ err }, 'a replaced picture could not be removed');
    });
  }
  return { image_url: url };
}

export interface ServedFile {
  stream: Readable;
  size: number;
  contentType: string;
  /** The name the file had on the owner's device (documents); pictures have none. */
  name: string | null;
}

/**
 * Whether the user may be served the file: a user's picture to that user only; a pet's picture to anyone
 * who may read the pet; a document's file too, but to a sitter only when its document is visible to
 * sitters; an upload no document took yet to those who may write (who may make its document).
 */
async function mayBeServed(
  deps: FilesDeps,
  userId: string,
  { file, visibleToSitters }: { file: StoredFileRow; visibleToSitters: boolean | null },
): Promise<boolean> {
  if (file.kind === 'user-image' || file.petId === null) return file.userId === userId;
  const access = await petAccessOf(deps.db, userId, file.petId, deps.clock());
  if (!access) return false;
  if (file.kind === 'pet-image') return true;
  if (file.documentId === null) return roleAllows(access.role, 'write');
  return access.role !== 'sitter' || visibleToSitters === true;
}

/** The file, to whom may see it; anyone else (or a missing file) gets 404. */
export async function openFileFor(deps: FilesDeps, userId: string, fileId: string): Promise<ServedFile> {
  const found = await findFile(deps.db, fileId);
  if (!found || !(await mayBeServed(deps, userId, found))) throw notFound();
  return openStoredFile(deps, found.file);
}

/** The bytes of a file row the caller may serve (a row without bytes answers 404 and is logged). */
export async function openStoredFile(
  deps: Pick<FilesDeps, 'storage' | 'log'>,
  row: Pick<StoredFileRow, 'id' | 'storageKey' | 'contentType' | 'name'>,
): Promise<ServedFile> {
  const object = await deps.storage.get(row.storageKey);
  if (!object) {
    deps.log.warn({ fileId: row.id }, 'stored file has no bytes');
    throw notFound();
  }
  return { stream: object.stream, size: object.size, contentType: row.contentType, name: row.name };
}
