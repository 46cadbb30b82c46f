import { type TypeGuard, typeGuard } from './upload-guard.ts';

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

export interface ImageGuard extends TypeGuard<ImageType> {
  /** Set once the first bytes were recognised. */
  readonly imageType: ImageType | null;
}

/** The upload gate for pictures (upload-guard.ts): 415 for anything but an image, 413 past `maxBytes`. */
export function imageGuard(maxBytes: number): ImageGuard {
  const guard = typeGuard(maxBytes, SNIFF_BYTES, (head) => {
    const type = detectImageType(head);
    return type && { type };
  });
  return Object.defineProperty(guard, 'imageType', { get: () => guard.detected }) as ImageGuard;
}
