import { type DocumentType, type PetDocument, parseDocUrl } from '@pet/shared';
import { type FileUrlOf, fileUrl, ownerFileUrl } from '../../lib/file-url.ts';
import type { DocumentWithFiles, StoredFileRow } from './documents.repo.ts';

// Rows -> the document as the API answers it, and `doc_url` entries both ways: an entry is the JSON string
// of the file's URL (GET /v1/files/{id}), stored type, original name and size (shared `documentFileSchema`).

/** The `doc_url` entry of a stored file; built from the row, never from what a client sent. */
export function docUrlEntry(
  publicUrl: string,
  file: Pick<StoredFileRow, 'id' | 'contentType' | 'size'> & { name?: string | null },
  urlOf: FileUrlOf = ownerFileUrl(publicUrl),
): string {
  return JSON.stringify({
    url: urlOf(file.id),
    type: file.contentType,
    name: file.name ?? '',
    size: file.size,
  });
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The stored file an entry names (its URL must be this portal's file address), or null. */
export function fileIdOfEntry(publicUrl: string, entry: string): string | null {
  const file = parseDocUrl(entry);
  const id = file?.url.split('/').pop() ?? '';
  return FILE_ID.test(id) && file?.url === fileUrl(publicUrl, id) ? id : null;
}

/**
 * `urlOf`: where the files are served (a share link serves them at its own address); `readOnly`: beyond the
 * plan's documents_limit (retention.ts).
 */
export function toDocument(
  publicUrl: string,
  { document, files }: DocumentWithFiles,
  urlOf: FileUrlOf = ownerFileUrl(publicUrl),
  readOnly = false,
): PetDocument {
  return {
    id: document.id,
    pet_id: document.petId,
    document_type: document.documentType as DocumentType,
    description: document.description,
    doc_url: files.map((file) => docUrlEntry(publicUrl, file, urlOf)),
    created_at: document.createdAt.toISOString(),
    read_only: readOnly,
    visible_to_sitters: document.visibleToSitters,
  };
}
