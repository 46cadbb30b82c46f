import { ApiError, apiErrorFromAnswer } from './ApiError.ts';
import { notifyUnauthorized } from './client.ts';

// Multipart uploads through XMLHttpRequest instead of apiFetch: fetch cannot report upload progress, and a
// file on a slow line takes long enough to need a progress bar. Same origin and cookies as apiFetch, and the
// same ApiError, so errorTextKey() maps 413, 415 and a missing answer (status 0) the same way, and the same
// sign-out on a 401.

export interface XhrUploadOptions {
  /** Called with 0..100 while the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
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

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/** POSTs `body` to `url`; resolves with the parsed answer on 200 or 201 (the spec's "posted"). */
export function postMultipart<T>(url: string, body: FormData, options: XhrUploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, 'INVALID_ANSWER', 'Invalid answer'));
        }
        return;
      }
      if (xhr.status === 401) notifyUnauthorized();
      reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(cancelled());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    options.onProgress?.(0);
    xhr.send(body);
  });
}
