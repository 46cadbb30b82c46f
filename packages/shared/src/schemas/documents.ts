import { z } from 'zod';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '../constants.ts';

// The document safe and the vet findings (document 2, sections 2, 3, 4, 5, 7 and 9): a document is a
// record (document_type, description) holding the files of one upload. The upload comes first
// (POST /v1/upload/document answers one `doc_url` entry per file); the record is created with those entries
// only after the upload answered (POST /v1/document?pet_id=).

/**
 * The spec's document_type values, plus 'Other Findings': the spec lists one "Others" but has an "others"
 * list in both hubs, and the two lists must not show each other's documents.
 */
export const DOCUMENT_TYPES = [
  'Certificate of Descent',
  'EU Pet Passport',
  'Insurance',
  'Dog Tax',
  'Bills',
  'Others',
  'Prescriptions',
  'Laboratory Findings',
  'X-rays',
  'Ultrasound Images',
  'Diagnoses',
  'Photos',
  'Other Findings',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_LIMITS = {
  description: 200,
  files: MAX_FILES_PER_UPLOAD,
  fileBytes: MAX_UPLOAD_BYTES,
} as const;

/**
 * What the upload accepts (spec 2 section 5: images, pdf, docx, doc, txt, rtf, odt, dotx, dot, dotm, docm,
 * wps, csv, dbf, dif, xls), by extension, with the media type the file is stored and served with. The
 * server decides the type from the file's bytes and refuses a file whose bytes and extension disagree.
 */
export const DOCUMENT_FILE_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  doc: 'application/msword',
  dot: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  docm: 'application/vnd.ms-word.document.macroEnabled.12',
  dotm: 'application/vnd.ms-word.template.macroEnabled.12',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  wps: 'application/vnd.ms-works',
  dbf: 'application/dbase',
  dif: 'text/x-dif',
  xls: 'application/vnd.ms-excel',
} as const;
export type DocumentFileExtension = keyof typeof DOCUMENT_FILE_TYPES;

/**
 * The file picker's `accept`: media type -> its extensions (`{ 'image/jpeg': ['.jpg', '.jpeg'], ... }`), the
 * shape react-dropzone (Mantine's Dropzone) takes; given extensions where it expects media types, it warns
 * once per entry and a render.
 */
export const DOCUMENT_ACCEPT: Readonly<Record<string, string[]>> = Object.entries(DOCUMENT_FILE_TYPES).reduce<
  Record<string, string[]>
>((accept, [extension, mediaType]) => {
  accept[mediaType] = [...(accept[mediaType] ?? []), `.${extension}`];
  return accept;
}, {});

/** A file's extension (lower case, without the dot) when the upload accepts it, else null. */
export function documentFileExtension(fileName: string): DocumentFileExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return extension && extension in DOCUMENT_FILE_TYPES ? (extension as DocumentFileExtension) : null;
}

const ACCEPTED_TYPES = new Set<string>(Object.values(DOCUMENT_FILE_TYPES));

/**
 * Images are shown as thumbnails; images and PDFs open in a new tab, everything else downloads. Only the
 * accepted (raster) image types: an SVG is an image/ type that can run scripts.
 */
export function opensInBrowser(mediaType: string): boolean {
  return ACCEPTED_TYPES.has(mediaType) && (mediaType.startsWith('image/') || mediaType === 'application/pdf');
}

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
