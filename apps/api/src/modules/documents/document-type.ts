import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_LIMITS,
  type DocumentFileExtension,
  documentFileExtension,
} from '@pet/shared';
import { fileTypeFromBuffer } from 'file-type';
import { type ContentCheck, type Sniffed, type TypeGuard, typeGuard } from '../files/upload-guard.ts';

// What a document's file is, decided by its bytes and checked against its name's extension: a file is
// accepted only when its content is what its extension says (a renamed program is refused even with an
// accepted extension), and it is stored and served with the contract's type for that extension
// (DOCUMENT_FILE_TYPES). Signatures come from `file-type`; what it cannot detect is sniffed here: text
// (txt, csv, dif) must be UTF-8 without NUL from its first to its last byte, dBase tables by their header.

/** Enough for `file-type` to read an Office file's `[Content_Types].xml` or an OpenDocument's `mimetype`. */
export const DOCUMENT_SNIFF_BYTES = 64 * 1024;

/** Old Office formats are Compound File Binary containers, which `file-type` reports as such. */
const CFB = 'application/x-cfb';
const HEIF = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/** The detected media types each extension's bytes may have (lower case), besides its own type. */
const ALSO_ACCEPTED: Partial<Record<DocumentFileExtension, readonly string[]>> = {
  doc: [CFB],
  dot: [CFB],
  xls: [CFB],
  wps: [CFB],
  heic: HEIF,
  heif: HEIF,
};

const TEXT_EXTENSIONS: ReadonlySet<DocumentFileExtension> = new Set(['txt', 'csv', 'dif']);

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Markup that a browser would run if it ever sniffed it: never accepted as text. */
const MARKUP_START = /^\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object)\b/i;

/** The whole file is UTF-8 text: no NUL, no invalid sequence, nothing cut off at its end. */
function utf8TextCheck(): ContentCheck {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const valid = (decode: () => string) => {
    try {
      decode();
      return true;
    } catch {
      return false;
    }
  };
  return {
    push: (chunk) => !chunk.includes(0) && valid(() => decoder.decode(chunk, { stream: true })),
    end: () => valid(() => decoder.decode()),
  };
}

function textOfHead(head: Buffer): string {
  const body = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head;
  // Only for the start checks below: a sequence cut by the head's end is the check's business, not this.
  return body.subarray(0, 1024).toString('utf8');
}

/** A dBase table's header: version, a date of last update, a header of whole 32-byte field descriptors. */
function isDbfHeader(head: Buffer): boolean {
  if (head.length < 32) return false;
  const versions = [0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8e, 0xcb, 0xf5, 0xfb];
  const month = head[2]!;
  const day = head[3]!;
  const headerLength = head.readUInt16LE(8);
  const recordLength = head.readUInt16LE(10);
  return (
    versions.includes(head[0]!) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    headerLength >= 33 &&
    recordLength >= 1 &&
    // Field descriptors end with 0x0D; Visual FoxPro adds a 263-byte backlink after it.
    (head[headerLength - 1] === 0x0d || head[headerLength - 264] === 0x0d || head.length < headerLength)
  );
}

/** The contract's media type for a file of this extension with this head, or null to refuse it. */
export async function sniffDocument(
  extension: DocumentFileExtension,
  head: Buffer,
): Promise<Sniffed<string> | null> {
  if (head.length === 0) return null;
  const own = DOCUMENT_FILE_TYPES[extension];
  const detected = (await fileTypeFromBuffer(head))?.mime.toLowerCase();
  if (TEXT_EXTENSIONS.has(extension)) {
    if (detected) return null;
    const text = textOfHead(head);
    if (MARKUP_START.test(text)) return null;
    if (extension === 'dif' && !/^TABLE\r?\n/.test(text)) return null;
    return { type: own, rest: utf8TextCheck() };
  }
  if (extension === 'dbf') return !detected && isDbfHeader(head) ? { type: own } : null;
  if (!detected) return null;
  const accepted = [own.toLowerCase(), ...(ALSO_ACCEPTED[extension] ?? [])];
  return accepted.includes(detected) ? { type: own } : null;
}

/**
 * The upload gate of a document's file named `fileName`: 415 for an extension the contract does not accept,
 * for bytes that are not what the extension says, 413 past the limit. Its `detected` is the stored type.
 */
export function documentGuard(fileName: string): TypeGuard<string> {
  const extension = documentFileExtension(fileName);
  return typeGuard(DOCUMENT_LIMITS.fileBytes, DOCUMENT_SNIFF_BYTES, (head) =>
    extension ? sniffDocument(extension, head) : null,
  );
}
