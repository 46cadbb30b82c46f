import { z } from 'zod';
import { DOCUMENT_LIMITS, DOCUMENT_TYPES } from '../domain/documents.ts';

// The document safe and the vet findings (document 2, sections 2, 3, 4, 5, 7 and 9): a document is a
// record (document_type, description) holding the files of one upload. The upload comes first
// (POST /v1/upload/document answers one `doc_url` entry per file); the record is created with those entries
// only after the upload answered (POST /v1/document?pet_id=).

/** POST /v1/upload/document?file_for=pet&pet_id= (multipart, one file field per file). */
export const uploadDocumentQuerySchema = z.object({
  file_for: z.literal('pet', { error: 'Invalid_Value_Error' }),
  pet_id: z
    .string({ error: 'Required_Error' })
    .trim()
    .min(1, 'Required_Error')
    .max(64, 'Invalid_Value_Error'),
});
export type UploadDocumentQuery = z.infer<typeof uploadDocumentQuerySchema>;

/**
 * One file of a document: what each `doc_url` entry holds, as a JSON string (spec 2 section 3: "a list of
 * JSON strings, each holding url and type"), with the file's name and size for the list.
 */
export const documentFileSchema = z.object({
  /** Absolute URL of GET /v1/files/{id}: served to the owner only. */
  url: z.string(),
  /** The media type decided from the file's bytes. */
  type: z.string(),
  /** The name the file had on the owner's device. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** The upload's 201: `data` holds one `doc_url` entry per file, in the order of the request's parts. */
export const uploadDocumentResponseSchema = z.object({ data: z.array(z.string()) });
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

/** A `doc_url` entry as its file (null when it is not one). */
export function parseDocUrl(entry: string): DocumentFile | null {
  try {
    const parsed = documentFileSchema.safeParse(JSON.parse(entry));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const description = z
  .string({ error: 'Description_Text_Error' })
  .trim()
  .min(1, 'Description_Text_Error')
  .max(DOCUMENT_LIMITS.description, 'Max_Length_Error');

/** POST /v1/document?pet_id= */
export const createDocumentSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES, { error: 'Invalid_Value_Error' }),
  description,
  /** The entries the upload answered: the caller's own files, not yet part of a document. */
  doc_url: z
    .array(z.string({ error: 'Document_Error' }).max(2048, 'Document_Error'), { error: 'Document_Error' })
    .min(1, 'Document_Error')
    .max(DOCUMENT_LIMITS.files, 'To_Many_Files_Error_Text'),
  /** Whether the pet's sitters see it (issue 45); the owner and co-owners see every document. */
  visible_to_sitters: z.boolean({ error: 'Invalid_Value_Error' }).default(false),
});
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

/**
 * PUT /v1/document?doc_id=: the description changes (spec 2 section 4), and whether the pet's sitters see
 * the document (issue 45; left as it is when absent).
 */
export const updateDocumentSchema = z.object({
  description,
  visible_to_sitters: z.boolean({ error: 'Invalid_Value_Error' }).optional(),
});
export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;

export const documentSchema = z.object({
  id: z.string(),
  pet_id: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.string(),
  /** JSON strings, each a DocumentFile (parseDocUrl). */
  doc_url: z.array(z.string()),
  /** ISO 8601 instant; the list shows it as dd.MM.yyyy. */
  created_at: z.string(),
  /**
   * Beyond the plan's documents_limit (after a paid plan ended, ADR 0011): only the newest documents_limit
   * of the owner's documents stay usable; the others can be viewed, downloaded and deleted, not edited.
   */
  read_only: z.boolean(),
  /** Whether the pet's sitters see it (issue 45); a sitter is only ever answered the ones that are. */
  visible_to_sitters: z.boolean(),
});
export type PetDocument = z.infer<typeof documentSchema>;

/**
 * GET /v1/document/mydocs?pet_id=: the pet's documents, newest first, with what the limit state needs:
 * `documents_limit` counts the owner's documents across all pets and both hubs (spec 2 sections 4 and 6).
 */
export const documentListSchema = z.object({
  data: z.array(documentSchema),
  /** The owner's documents across all pets. */
  total: z.number().int().nonnegative(),
  /** The plan's documents_limit (100 or more: unlimited). */
  limit: z.number().int().nonnegative(),
});
export type DocumentList = z.infer<typeof documentListSchema>;
