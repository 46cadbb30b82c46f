import type {
  CreateDocumentInput,
  DocumentList,
  PetDocument,
  UpdateDocumentInput,
  UploadDocumentResponse,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { postMultipart, type XhrUploadOptions } from '../../../lib/api/xhrUpload.ts';

// The document calls of spec 2 section 7. One list per pet holds both hubs (each hub counts it, each list
// page filters it by document_type), so a save or a delete refreshes every screen with one invalidation.

export const documentsKey = ['documents'] as const;

/** GET /v1/document/mydocs?pet_id=: the pet's documents, newest first, with the owner's total and limit. */
export function petDocumentsQuery(petId: string) {
  return queryOptions({
    queryKey: [...documentsKey, 'pet', petId] as const,
    queryFn: ({ signal }) =>
      apiFetch<DocumentList>(apiPaths.petDocuments, { query: { pet_id: petId }, signal }),
  });
}

/**
 * POST /v1/upload/document?file_for=pet&pet_id= with one file: its own request, so each file has its own
 * progress bar and its own failure. Answers the file's `doc_url` entries (one).
 */
export function uploadDocumentFile(petId: string, file: File, options: XhrUploadOptions = {}) {
  const query = new URLSearchParams({ file_for: 'pet', pet_id: petId });
  const body = new FormData();
  body.append('file', file, file.name);
  return postMultipart<UploadDocumentResponse>(`${apiPaths.uploadDocument}?${query}`, body, options);
}

/** POST /v1/document?pet_id=: the record, made of the entries the uploads answered. */
export function createDocument(petId: string, body: CreateDocumentInput) {
  return apiFetch<PetDocument>(apiPaths.document, { method: 'POST', query: { pet_id: petId }, body });
}

/** PUT /v1/document?doc_id=: only the description. */
export function updateDocument(docId: string, body: UpdateDocumentInput) {
  return apiFetch<PetDocument>(apiPaths.document, { method: 'PUT', query: { doc_id: docId }, body });
}

/** DELETE /v1/document?doc_id=: the record and its files. */
export function deleteDocument(docId: string) {
  return apiFetch<void>(apiPaths.document, { method: 'DELETE', query: { doc_id: docId } });
}

/** GET /v1/document/zip?pet_id=: every document of the pet as one ZIP, streamed by the server. */
export function petDocumentsZipUrl(petId: string): string {
  return `${apiPaths.petDocumentsZip}?${new URLSearchParams({ pet_id: petId })}`;
}
