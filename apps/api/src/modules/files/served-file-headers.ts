import { DOCUMENT_FILE_TYPES, opensInBrowser } from '@pet/shared';
import type { FastifyReply } from 'fastify';
import type { ServedFile } from './files.service.ts';

// The headers of a stored file's answer (GET /v1/files/:id, and any other route that hands out an upload):
// the file is the user's, not ours, so whatever it holds must never run as a page of the portal's origin.
//   - Content-Type: the type decided from the bytes at upload, when it is one the portal accepts; anything
//     else (an HTML, SVG or XML file that got in some other way) goes out as application/octet-stream.
//   - Content-Disposition: inline only for raster images and PDF (shared `opensInBrowser`), which browsers
//     show without running anything; every other file downloads.
//   - X-Content-Type-Options: nosniff, so no browser guesses HTML from the bytes.
//   - A CSP that sandboxes the document (unique origin, no scripts, no forms, no plugins of the page) and
//     lets it load nothing. Its inline styles are allowed because the browser's own image viewer uses them
//     (and a style that can load nothing cannot send anything anywhere). Checked in Chromium 156: a PNG and a
//     PDF opened in a tab display as without the header; an HTML or SVG file's script does not run.
//     `frame-ancestors 'none'` as the rest of the portal (plugins: helmet), which this header replaces.

export const SERVED_FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** Types served as they are: the ones an upload can be stored with (pictures, documents). */
const SERVED_TYPES = new Set<string>(Object.values(DOCUMENT_FILE_TYPES));

const essence = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266) with a name no header or path can break. */
function disposition(kind: 'inline' | 'attachment', fileName: string | undefined): string {
  // Path parts, control characters, quotes and backslashes out; what is left is at most 200 characters.
  const name = fileName
    ?.split(/[/\\]/)
    .pop()
    ?.replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  if (!name) return kind;
  const ascii = name.replace(/[^\u0020-\u007e]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers for a stored file of `contentType` (as recorded at upload) named `fileName` (when known). */
export function servedFileHeaders(contentType: string, fileName?: string): Record<string, string> {
  const type = essence(contentType);
  const known = SERVED_TYPES.has(type);
  return {
    'content-type': known ? type : 'application/octet-stream',
    'content-disposition': disposition(known && opensInBrowser(type) ? 'inline' : 'attachment', fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': SERVED_FILE_CSP,
  };
}

/** Answers a stored file with the headers above and its length; the bytes stream from storage. */
export function sendServedFile(reply: FastifyReply, file: ServedFile): FastifyReply {
  return reply
    .headers(servedFileHeaders(file.contentType, file.name ?? undefined))
    .header('content-length', file.size)
    .send(file.stream);
}
