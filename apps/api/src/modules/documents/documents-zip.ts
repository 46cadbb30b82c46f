import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { notFound } from '../../lib/errors.ts';
import { readPetDocuments } from './documents.repo.ts';
import type { DocumentsDeps } from './documents.service.ts';

// GET /v1/document/zip: every file of a pet's documents as one ZIP, streamed: yazl opens each file's bytes
// from storage only when it writes that entry, so neither a file nor the archive is ever whole in memory.
// Entries sit in a folder per document, `<type>/<description>/<file name>`, names made safe for any unzip
// tool (no folders of their own, no control or reserved characters) and unique.

/** Formats that are compressed already (images, PDF, Office's ZIP containers) are stored as they are. */
const compressible = (type: string) =>
  type.startsWith('text/') ||
  type === 'application/rtf' ||
  type === 'application/msword' ||
  type === 'application/vnd.ms-excel' ||
  type === 'application/vnd.ms-works' ||
  type === 'application/dbase';

/** One path segment: no separators, control or reserved characters, no leading dots, not too long. */
export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}

/** `name`, or `name (2)`, `name (3)`, ... (before a file's extension) when it is taken already. */
export function uniqueName(name: string, taken: Set<string>, { isFile = true } = {}): string {
  const dot = isFile ? name.lastIndexOf('.') : -1;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** An ASCII file name for `Content-Disposition`'s plain `filename` (its `filename*` carries the rest). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

export interface PetZip {
  contentDisposition: string;
  stream: Readable;
}

export async function petDocumentsZip(deps: DocumentsDeps, userId: string, petId: string): Promise<PetZip> {
  const found = await readPetDocuments(deps.db, userId, petId);
  if (!found) throw notFound();

  const zip = new ZipFile();
  /** The file being written: a download that breaks off must not leave it open (a descriptor, a connection). */
  let current: Readable | undefined;
  const folders = new Set<string>();
  for (const { document, files } of found.documents.toReversed()) {
    const type = safeSegment(document.documentType, 'Documents');
    const folder = uniqueName(`${type}/${safeSegment(document.description, 'Document')}`, folders, {
      isFile: false,
    });
    const names = new Set<string>();
    for (const file of files) {
      const name = uniqueName(safeSegment(file.name ?? '', 'file'), names);
      zip.addReadStreamLazy(
        `${folder}/${name}`,
        { mtime: document.createdAt, compress: compressible(file.contentType) },
        (callback) => {
          deps.storage.get(file.storageKey).then(
            (object) => {
              if (!object) deps.log.warn({ fileId: file.id }, 'stored file has no bytes');
              current = object?.stream ?? Readable.from([]);
              callback(null, current);
            },
            (error: unknown) => callback(error as Error, undefined as never),
          );
        },
      );
    }
  }
  zip.end();

  // A storage failure midway cannot change the status any more: the download breaks off, visibly.
  const stream = new PassThrough();
  zip.outputStream.pipe(stream);
  stream.on('close', () => current?.destroy());
  zip.on('error', (err: Error) => {
    deps.log.warn({ err }, 'a documents ZIP broke off');
    stream.destroy(err);
  });
  const fileName = `${safeSegment(found.petName, 'pet')}-documents.zip`;
  return {
    contentDisposition: `attachment; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    stream,
  };
}
