import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrandId, type Language, LEGAL_DOCUMENTS, type LegalDocument } from '@pet/shared';

// The legal pages' texts (issue 15): Markdown per brand, language and document. The operator's own file
// under LEGAL_DIR wins; otherwise the placeholder shipped in apps/api/legal/ (same layout) is served. Both
// are read on every request, so a replaced file shows without a rebuild or a restart; the answer's ETag and
// short max-age keep that cheap for browsers.

/** apps/api/legal: the shipped placeholders, `<brand>/<language>/<document>.md`. */
export const SHIPPED_LEGAL_DIR = fileURLToPath(new URL('../../../legal/', import.meta.url));

export interface LegalDirs {
  /** The operator's directory (env LEGAL_DIR); it may not exist. */
  operator: string;
  shipped: string;
}

/** A path segment is one of the three names, never anything taken from the request as it came. */
export function isLegalDocument(value: string): value is LegalDocument {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The Markdown of one document: the operator's file when there is one, else the shipped placeholder. */
export async function readLegalDocument(
  dirs: LegalDirs,
  brand: BrandId,
  language: Language,
  document: LegalDocument,
): Promise<string> {
  const relative = join(brand, language, `${document}.md`);
  try {
    return await readFile(join(dirs.operator, relative), 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  return readFile(join(dirs.shipped, relative), 'utf8');
}

/** A strong validator of the text (the document and language are in the address already). */
export function legalEtag(markdown: string): string {
  return `"${createHash('sha256').update(markdown).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match names this ETag (a list, weak or not, or `*`): the client's copy is current. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
