import type { UploadImageResponse } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { postMultipart, type XhrUploadOptions } from './xhrUpload.ts';

// POST /v1/upload/image (spec 1 section 7): one picture as multipart/form-data, with upload progress.

export type UploadTarget = { fileFor: 'pet'; petId: string } | { fileFor: 'user' };

export interface UploadImageOptions extends XhrUploadOptions {
  /** The name the server stores with the file. */
  fileName?: string;
}

export function uploadImageUrl(target: UploadTarget): string {
  const query = new URLSearchParams({ file_for: target.fileFor });
  if (target.fileFor === 'pet') query.set('pet_id', target.petId);
  return `${apiPaths.uploadImage}?${query.toString()}`;
}

/** Uploads one picture; resolves with its new URL on 200 or 201. */
export function uploadImage(
  file: Blob,
  target: UploadTarget,
  options: UploadImageOptions = {},
): Promise<UploadImageResponse> {
  const body = new FormData();
  body.append('file', file, options.fileName ?? 'picture.jpg');
  return postMultipart<UploadImageResponse>(uploadImageUrl(target), body, options);
}
