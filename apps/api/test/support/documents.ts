import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type DocumentFile, type PetDocument, parseDocUrl } from '@pet/shared';
import type { LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { documents } from '../../src/db/schema/documents.ts';
import { as, type TestUser } from './accounts.ts';
import { call, type FilePart, multipart, PNG } from './pets.ts';
import type { TestApp } from './test-app.ts';

// Documents for API tests: small valid files of every accepted family (built here, no binary fixtures),
// uploads of several files (large ones streamed, never held whole), documents made through the API, and
// documents written straight into the table where a test only needs a count.

type User = Pick<TestUser, 'cookie' | 'token'>;

export const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
export const RTF = Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Arial;}} \\f0 Impfpass Bello\\par }\n');
export const TXT = Buffer.from('Befund vom 12.03.2024: Bello ist gesund. Größe 52 cm, Gewicht 18 kg.\n');
export const CSV = Buffer.from('date;weight\n12.03.2024;18,2\n12.04.2024;18,4\n');
/** An old Office file: a Compound File Binary header, padded to a sector. */
export const DOC = (() => {
  const bytes = Buffer.alloc(1536, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  bytes.writeUInt16LE(0x003e, 24);
  bytes.writeUInt16LE(0x0003, 26);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(9, 30);
  return bytes;
})();
/** A Windows program's start ("MZ" and a PE header offset). */
export const EXE = (() => {
  const bytes = Buffer.alloc(1024, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
export const HTML = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>\n',
);

/** A Word document: a ZIP with the Office content types and the document part. */
export async function docx(): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
    'word/document.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const file = (filename: string, data: Buffer, contentType = 'application/octet-stream'): FilePart => ({
  filename,
  contentType,
  data,
});

/** POST /v1/upload/document with the files (one field each). */
export function uploadDocuments(
  t: TestApp,
  user: User | null,
  petId: string,
  files: FilePart[],
  via: 'cookie' | 'bearer' = 'bearer',
): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/v1/upload/document?file_for=pet&pet_id=${petId}`,
    headers: { ...(user ? as(user, via) : {}), ...body.headers },
    payload: body.payload,
  });
}

/**
 * An upload of one file of `size` bytes that starts with `head` and is padded with `fill`, streamed in 1 MiB
 * chunks: the test never holds the file.
 */
export function uploadLargeDocument(
  t: TestApp,
  user: User,
  petId: string,
  file: { filename: string; head: Buffer; size: number; fill?: number },
): Promise<LightMyRequestResponse> {
  const boundary = `----pet-test-${randomUUID()}`;
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, file.fill ?? 0x20);
  async function* body() {
    yield opening;
    yield file.head;
    let left = file.size - file.head.length;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      left -= n;
    }
    yield closing;
  }
  return t.app.inject({
    method: 'POST',
    url: `/v1/upload/document?file_for=pet&pet_id=${petId}`,
    headers: {
      ...as(user, 'bearer'),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(opening.length + file.size + closing.length),
    },
    payload: Readable.from(body()),
  });
}

/** The `doc_url` entries of a successful upload. */
export async function uploadedEntries(
  t: TestApp,
  user: User,
  petId: string,
  files: FilePart[] = [file('befund.png', PNG)],
): Promise<string[]> {
  const response = await uploadDocuments(t, user, petId, files);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: string[] }>().data;
}

export function documentBody(docUrl: string[], extra: object = {}): Record<string, unknown> {
  return { document_type: 'Laboratory Findings', description: 'Blood count', doc_url: docUrl, ...extra };
}

/** Uploads the files and makes a document of them through the API. */
export async function addDocument(
  t: TestApp,
  user: User,
  petId: string,
  options: { files?: FilePart[]; body?: object } = {},
): Promise<PetDocument> {
  const entries = await uploadedEntries(t, user, petId, options.files);
  const response = await call(
    t,
    user,
    'POST',
    `/v1/document?pet_id=${petId}`,
    documentBody(entries, options.body),
  );
  if (response.statusCode !== 201)
    throw new Error(`add document failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function filesOf(document: Pick<PetDocument, 'doc_url'>): DocumentFile[] {
  return document.doc_url.map((entry) => {
    const parsed = parseDocUrl(entry);
    if (!parsed) throw new Error(`not a doc_url entry: ${entry}`);
    return parsed;
  });
}

export const fileIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** `count` documents (without files) written straight into the table: a user near their plan's limit. */
export async function insertDocuments(
  t: TestApp,
  userId: string,
  petId: string,
  count: number,
): Promise<void> {
  if (count === 0) return;
  await t.database.db.insert(documents).values(
    Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      userId,
      petId,
      documentType: 'Bills' as const,
      description: `Bill ${i + 1}`,
    })),
  );
}

/** A ZIP's entries with their bytes (yauzl, as any unzip tool reads it). */
export function unzip(zip: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      const entries: Array<{ name: string; data: Buffer }> = [];
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, async (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          archive.readEntry();
        });
      });
      archive.readEntry();
    });
  });
}
