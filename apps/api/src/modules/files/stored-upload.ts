import { pipeline, type Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { TypeGuard } from './upload-guard.ts';

// One uploaded file on its way into storage, shared by pictures and documents: streamed part by part through
// its type guard straight into storage (never whole in memory), and nothing left under its key when refused.

/** The uploaded part as @fastify/multipart hands it over. */
export interface UploadPart {
  file: Readable & { truncated?: boolean };
}

/** Room for the multipart boundaries and part headers around the largest allowed file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** An honest client that announces more than `files` files of the limit is turned away before it sends it. */
export function assertAnnouncedSize(contentLength: string | undefined, files = 1): void {
  if (Number(contentLength) > files * (MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD)) throw payloadTooLarge();
}

/**
 * Streams the part through `guard` to `key`; answers the stored size and the guard's type. 415 when the guard
 * refuses the bytes, 413 past the limit (the multipart limit stops a larger file at exactly the limit and
 * marks it truncated); either way nothing is left under `key`.
 */
export async function storeUpload<T>(
  storage: Storage,
  key: string,
  part: UploadPart,
  guard: TypeGuard<T>,
): Promise<{ size: number; type: T }> {
  // The upload flows through the guard into storage. This pipeline only links the two (an aborted upload
  // fails the guard, a refused one stops the upload); storage's own pipeline reports the outcome.
  pipeline(part.file, guard, () => {});
  // The type is known only from the first bytes; the row records it and serving reads it from there.
  const { size } = await storage.put(key, guard, { contentType: 'application/octet-stream' });
  const type = guard.detected;
  if (part.file.truncated || type === null) {
    await storage.delete(key);
    throw part.file.truncated ? payloadTooLarge() : unsupportedMediaType();
  }
  return { size, type };
}
