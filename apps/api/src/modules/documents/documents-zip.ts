import type { Readable } from 'node:stream';
import { notFound } from '../../lib/errors.ts';
import { safeSegment, streamZip, uniqueName, type ZipEntry, zipDisposition } from '../files/zip-stream.ts';
import { readPetDocuments } from './documents.repo.ts';
import type { DocumentsDeps } from './documents.service.ts';

// GET /v1/document/zip: every file of a pet's documents as one ZIP, streamed (files/zip-stream.ts).
// Entries sit in a folder per document, `<type>/<description>/<file name>`, names made safe for any unzip
// tool (no folders of their own, no control or reserved characters) and unique. Whoever may read the pet
// gets it; a sitter's holds only the documents visible to sitters.

export interface PetZip {
  contentDisposition: string;
  stream: Readable;
}

export async function petDocumentsZip(deps: DocumentsDeps, userId: string, petId: string): Promise<PetZip> {
  const found = await readPetDocuments(deps.db, userId, petId, deps.clock());
  if (!found) throw notFound();

  const entries: ZipEntry[] = [];
  const folders = new Set<string>();
  for (const { document, files } of found.documents.toReversed()) {
    const type = safeSegment(document.documentType, 'Documents');
    const folder = uniqueName(`${type}/${safeSegment(document.description, 'Document')}`, folders, {
      isFile: false,
    });
    const names = new Set<string>();
    for (const file of files) {
      entries.push({
        path: `${folder}/${uniqueName(safeSegment(file.name ?? '', 'file'), names)}`,
        mtime: document.createdAt,
        contentType: file.contentType,
        storageKey: file.storageKey,
        fileId: file.id,
      });
    }
  }
  return {
    contentDisposition: zipDisposition(`${safeSegment(found.petName, 'pet')}-documents.zip`),
    stream: streamZip(deps, entries, 'a documents ZIP'),
  };
}
