import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { fileUrl } from '../../lib/file-url.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petFileKey, profileFileKey } from '../../storage/keys.ts';
import { assertOwnPet, isOwnPet } from '../pets/pet-ownership.ts';
import {
  deletePictures,
  type FileKind,
  findOwnFile,
  insertFile,
  lockUserRow,
  type StoredFileRow,
  setUserImage,
} from './files.repo.ts';
import { imageGuard } from './image-type.ts';
import { storeUpload, type UploadPart } from './stored-upload.ts';

// Pictures of pets and users: streamed to storage while their first bytes are checked, recorded once whole,
// and served to their owner only. A replaced picture's bytes are removed after the new one is committed.

export type FilesDeps = Pick<AppContext, 'db' | 'storage' | 'publicUrl' | 'log'>;

export type UploadTarget = { for: 'pet'; petId: string } | { for: 'user' };

/** Before any byte is read: someone else's (or no) pet answers 404 like a missing one. */
export async function checkUploadTarget(
  deps: FilesDeps,
  userId: string,
  target: UploadTarget,
): Promise<void> {
  if (target.for === 'pet') await assertOwnPet(deps.db, userId, target.petId);
}

function storageKey(userId: string, target: UploadTarget, fileId: string): string {
  return target.for === 'pet' ? petFileKey(userId, target.petId, fileId) : profileFileKey(userId, fileId);
}

/**
 * Streams the picture to storage (415 when its first bytes are no JPEG, PNG, WebP or GIF; 413 past
 * MAX_UPLOAD_BYTES), then makes it the pet's or the user's picture in one transaction. Nothing is left in
 * storage when any step fails.
 */
export async function storePicture(
  deps: FilesDeps,
  userId: string,
  target: UploadTarget,
  part: UploadPart,
): Promise<{ image_url: string }> {
  const fileId = randomUUID();
  const key = storageKey(userId, target, fileId);
  const { size, type } = await storeUpload(deps.storage, key, part, imageGuard(MAX_UPLOAD_BYTES));
  const kind: FileKind = target.for === 'pet' ? 'pet-image' : 'user-image';
  const url = fileUrl(deps.publicUrl, fileId);
  let replaced: string[];
  try {
    replaced = await inTransaction(deps.db, async (tx) => {
      // The lock orders concurrent replacements; the pet may have been deleted meanwhile.
      const locked =
        target.for === 'pet'
          ? await isOwnPet(tx, userId, target.petId, { lock: true })
          : await lockUserRow(tx, userId);
      if (!locked) throw notFound();
      const old = await deletePictures(
        tx,
        target.for === 'pet' ? { kind: 'pet-image', petId: target.petId } : { kind: 'user-image', userId },
      );
      await insertFile(tx, {
        id: fileId,
        userId,
        petId: target.for === 'pet' ? target.petId : null,
        kind,
        storageKey: key,
        contentType: type.contentType,
        size,
      });
      if (target.for === 'user') await setUserImage(tx, userId, url);
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

/** The owner's file; anyone else's (or a missing one) is 404. */
export async function openOwnFile(deps: FilesDeps, userId: string, fileId: string): Promise<ServedFile> {
  const row = await findOwnFile(deps.db, userId, fileId);
  if (!row) throw notFound();
  return openStoredFile(deps, row);
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
