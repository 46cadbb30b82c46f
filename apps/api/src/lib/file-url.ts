import { apiPaths } from '@pet/shared/paths';

// The address a stored file is served at (GET /v1/files/:id, owner only). Absolute on the portal's public
// origin: the web app loads it with its cookie, the spec's mobile clients with their bearer token.

export function fileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}${apiPaths.files}/${encodeURIComponent(fileId)}`;
}

/**
 * Where the mappers point a file: the owner's address above by default; a share link points the same files at
 * its own public address (modules/share-links).
 */
export type FileUrlOf = (fileId: string) => string;

export const ownerFileUrl =
  (publicUrl: string): FileUrlOf =>
  (fileId) =>
    fileUrl(publicUrl, fileId);
