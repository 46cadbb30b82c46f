import { Transform } from 'node:stream';
import { AppError } from '../../lib/errors.ts';

// What an upload is, judged by its first bytes (magic numbers), never by its file name or the type the
// client declared. Only raster formats every browser shows: no SVG (it can carry scripts).

export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

/** Bytes needed to tell the formats apart (WebP: "RIFF" size "WEBP"). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function detectImageType(head: Buffer): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}

export const unsupportedMediaType = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported_File_Type_Text');
export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'File_Too_Large_Error_Text');

export interface ImageGuard extends Transform {
  /** Set once the first bytes were recognised. */
  readonly imageType: ImageType | null;
}

/**
 * A pass-through that holds back the first bytes until it knows the format, fails the stream with 415 when
 * it is not an image, and with 413 past `maxBytes` (the multipart limit truncates silently; this makes a
 * truncated upload fail instead of being stored short).
 */
export function imageGuard(maxBytes: number): ImageGuard {
  let head: Buffer | null = Buffer.alloc(0);
  let total = 0;
  let imageType: ImageType | null = null;

  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) return callback(payloadTooLarge());
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return callback();
      imageType = detectImageType(head);
      if (!imageType) return callback(unsupportedMediaType());
      const pending = head;
      head = null;
      callback(null, pending);
    },
    flush(callback) {
      // A file shorter than the longest signature: judge what there is.
      if (head === null) return callback();
      imageType = detectImageType(head);
      if (!imageType) return callback(unsupportedMediaType());
      callback(null, head);
    },
  });
  return Object.defineProperty(guard, 'imageType', { get: () => imageType }) as ImageGuard;
}
