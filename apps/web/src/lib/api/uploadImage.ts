import type { UploadImageResponse } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { ApiError, apiErrorFromAnswer } from './ApiError.ts';

// POST /v1/upload/image (spec 1 section 7): one picture as multipart/form-data. XMLHttpRequest instead of
// apiFetch because fetch cannot report upload progress, and a picture on a slow line takes long enough to
// need a progress bar. Errors are the same ApiError apiFetch throws, so errorTextKey() maps 413 and 415.

export type UploadTarget = { fileFor: 'pet'; petId: string } | { fileFor: 'user' };

export interface UploadImageOptions {
  /** Called with 0..100 while the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The name the server stores with the file. */
  fileName?: string;
}

export function uploadImageUrl(target: UploadTarget): string {
  const query = new URLSearchParams({ file_for: target.fileFor });
  if (target.fileFor === 'pet') query.set('pet_id', target.petId);
  return `${apiPaths.uploadImage}?${query.toString()}`;
}

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's page for 413): the status alone decides the message.
  }
  return apiErrorFromAnswer(xhr.status, xhr.statusText, body);
}

/** Uploads one picture; resolves with its new URL on 200 or 201 (the spec's "posted"). */
export function uploadImage(
  file: Blob,
  target: UploadTarget,
  options: UploadImageOptions = {},
): Promise<UploadImageResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadImageUrl(target));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        options.onProgress?.(100);
        try {
          resolve(JSON.parse(xhr.responseText) as UploadImageResponse);
        } catch {
          reject(new ApiError(xhr.status, 'INVALID_ANSWER', 'Invalid answer'));
        }
        return;
      }
      reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }

    const body = new FormData();
    body.append('file', file, options.fileName ?? 'picture.jpg');
    options.onProgress?.(0);
    xhr.send(body);
  });
}
