import type { DocumentType, PetDocument } from '@pet/shared';
import { DOCUMENT_PAGES, type DocumentHub, type DocumentListPage } from '@pet/shared/paths';

export { type TypeTextKey, typeTextKey } from '../../../lib/documentTypes.ts';

// The hubs' lists as the screens show them: DOCUMENT_PAGES (shared paths) gives each list's page, add page
// and document_type; each type's text key is lib/documentTypes.ts's.

export interface DocumentListInfo<H extends DocumentHub = DocumentHub> {
  hub: H;
  list: DocumentListPage<H>;
  type: DocumentType;
}

/** The lists of a hub, in the spec's order. */
export function listsOf<H extends DocumentHub>(hub: H): DocumentListInfo<H>[] {
  return Object.entries(DOCUMENT_PAGES[hub]).map(([list, page]) => ({
    hub,
    list: list as DocumentListPage<H>,
    type: (page as { type: DocumentType }).type,
  }));
}

/** The pet's documents of one type, in the server's order (newest first). */
export function documentsOf(items: readonly PetDocument[], type: DocumentType): PetDocument[] {
  return items.filter((item) => item.document_type === type);
}

/** How many documents each type has (the hubs' counts). */
export function countsOf(items: readonly PetDocument[]): Partial<Record<DocumentType, number>> {
  const counts: Partial<Record<DocumentType, number>> = {};
  for (const item of items) counts[item.document_type] = (counts[item.document_type] ?? 0) + 1;
  return counts;
}

/** "1.2 MB": a file's size as the lists show it. */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(language, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** The texts of a hub in the `documents` namespace. */
export function hubTextKey(hub: DocumentHub): 'documentSafe' | 'vetFindings' {
  return hub === 'document-safe' ? 'documentSafe' : 'vetFindings';
}
