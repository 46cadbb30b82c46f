import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '../constants.ts';

// The documents domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/documents.ts.

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
