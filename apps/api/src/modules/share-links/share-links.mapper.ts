import type { ShareLink } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import type { FileUrlOf } from '../../lib/file-url.ts';
import type { ShareLinkRow } from './share-links.repo.ts';

// Rows -> the link as its owner sees it, and the addresses a link is opened at: the web page it hands out
// (/shared/<secret>) and the API's copy of each file it shows (/v1/shared/<secret>/files/<id>).

export function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  return {
    id: row.id,
    pet_id: row.petId,
    include_documents: row.includeDocuments,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    active: row.revokedAt === null && row.expiresAt > now,
  };
}

/** The page a vet or sitter opens. */
export function sharePageUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}${paths.shared}/${secret}`;
}

/** The files of the shared pet, at the link's own address (valid as long as the link is). */
export const sharedFileUrl =
  (publicUrl: string, secret: string): FileUrlOf =>
  (fileId) =>
    `${publicUrl}${apiPaths.shared}/${secret}/files/${encodeURIComponent(fileId)}`;
