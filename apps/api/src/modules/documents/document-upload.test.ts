import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, parseDocUrl } from '@pet/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import {
  CSV,
  DOC,
  docx,
  EXE,
  file,
  fileIdOf,
  HTML,
  PDF,
  RTF,
  TXT,
  uploadDocuments,
  uploadLargeDocument,
} from '../../../test/support/documents.ts';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { addPet, multipart, PNG } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { storedFiles } from '../../db/schema/files.ts';

// POST /v1/upload/document: the first step of a document. Every file's type is decided by its bytes and must
// agree with its extension; a request with any refused file stores nothing at all.

const t = useTestApp();
let owner: TestUser;
let stranger: TestUser;
let pet: { id: string };

beforeAll(async () => {
  owner = await t.user();
  stranger = await t.user();
  pet = await addPet(t, owner);
});

const stored = () => filesUnder(join(t.env.DATA_DIR, 'files'));
const rows = () => t.database.db.select().from(storedFiles);

async function expectNothingStoredBy(run: () => Promise<unknown>): Promise<void> {
  const [filesBefore, rowsBefore] = [await stored(), await rows()];
  await run();
  expect(await stored()).toEqual(filesBefore);
  expect(await rows()).toEqual(rowsBefore);
}

const UNSUPPORTED = { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported_File_Type_Text' };
const TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE', message: 'File_Too_Large_Error_Text' };

describe('accepted files', () => {
  test('201: one doc_url entry per file, in order, typed by content; the owner gets the bytes', async () => {
    const word = await docx();
    const files = [
      file('Röntgen.png', PNG),
      file('befund.pdf', PDF),
      file('brief.docx', word),
      file('alt.doc', DOC),
      file('notiz.txt', TXT),
    ];
    const response = await uploadDocuments(t, owner, pet.id, files, 'cookie');
    expect(response.statusCode).toBe(201);
    const entries = response.json<{ data: string[] }>().data.map((entry) => parseDocUrl(entry)!);
    expect(entries.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'Röntgen.png', type: 'image/png', size: PNG.length },
      { name: 'befund.pdf', type: 'application/pdf', size: PDF.length },
      {
        name: 'brief.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: word.length,
      },
      { name: 'alt.doc', type: 'application/msword', size: DOC.length },
      { name: 'notiz.txt', type: 'text/plain', size: TXT.length },
    ]);
    for (const [index, entry] of entries.entries()) {
      expect(entry.url).toMatch(new RegExp(`^${t.env.PUBLIC_URL}/v1/files/[0-9a-f-]{36}$`));
      const served = await t.app.inject({
        method: 'GET',
        url: new URL(entry.url).pathname,
        headers: as(owner, 'bearer'),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(entry.type);
      expect(served.rawPayload.equals(files[index]!.data)).toBe(true);
      // Images and PDFs open in the browser, the rest downloads; both under the name they were uploaded with.
      const kind = /^(image\/|application\/pdf)/.test(entry.type) ? 'inline' : 'attachment';
      expect(served.headers['content-disposition']).toBe(
        `${kind}; filename="${entry.name.replace(/[^\u0020-\u007e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(entry.name)}`,
      );
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Someone else gets nothing, as for any missing file.
      const foreign = await t.app.inject({
        method: 'GET',
        url: new URL(entry.url).pathname,
        headers: as(stranger, 'bearer'),
      });
      expect(foreign.statusCode).toBe(404);
    }
    // Unattached until a document takes them.
    const ids = entries.map((entry) => fileIdOf(entry.url));
    const written = (await rows()).filter((row) => ids.includes(row.id));
    expect(written.every((row) => row.kind === 'document' && row.documentId === null)).toBe(true);
  });

  test.each([
    ['rtf', file('brief.rtf', RTF), 'application/rtf'],
    ['csv', file('gewicht.csv', CSV), 'text/csv'],
    ['xls (CFB)', file('tabelle.XLS', DOC), 'application/vnd.ms-excel'],
    ['txt with a BOM', file('a.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), TXT])), 'text/plain'],
  ])('%s is accepted', async (_name, part, type) => {
    const response = await uploadDocuments(t, owner, pet.id, [part]);
    expect(response.statusCode).toBe(201);
    expect(parseDocUrl(response.json().data[0])?.type).toBe(type);
  });
});

describe('refused files: 415, nothing stored for the whole request', () => {
  test.each([
    ['a renamed program', file('befund.pdf', EXE)],
    ['a program among good files', file('setup.txt', EXE)],
    ['an HTML file', file('seite.html', HTML)],
    ['HTML named as text', file('seite.txt', HTML)],
    ['a PNG named as PDF', file('bild.pdf', PNG)],
    ['a PDF named as Word', file('brief.docx', PDF)],
    ['text that is not UTF-8', file('a.txt', Buffer.from([0x41, 0xff, 0xfe, 0x42]))],
    ['text with NUL', file('a.csv', Buffer.from('a;b\n\0;c\n'))],
    ['an empty file', file('leer.txt', Buffer.alloc(0))],
    ['an unknown extension', file('bild.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
    ['no extension', file('befund', PDF)],
  ])('%s', async (_name, bad) => {
    await expectNothingStoredBy(async () => {
      const response = await uploadDocuments(t, owner, pet.id, [
        file('gut.png', PNG),
        bad,
        file('gut.pdf', PDF),
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual(UNSUPPORTED);
    });
  });

  test('a sixth file: 400 To_Many_Files_Error_Text, none of the five kept', async () => {
    await expectNothingStoredBy(async () => {
      const six = Array.from({ length: 6 }, (_, i) => file(`seite-${i + 1}.png`, PNG));
      const response = await uploadDocuments(t, owner, pet.id, six);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'To_Many_Files_Error_Text',
        fields: { file: 'To_Many_Files_Error_Text' },
      });
    });
    expect((await uploadDocuments(t, owner, pet.id, Array(5).fill(file('a.png', PNG)))).statusCode).toBe(201);
  });
});

describe('the size limit', () => {
  test('exactly 26214400 bytes are accepted; one byte more is 413 with nothing stored', async () => {
    const exact = await uploadLargeDocument(t, owner, pet.id, {
      filename: 'scan.pdf',
      head: PDF,
      size: MAX_UPLOAD_BYTES,
    });
    expect(exact.statusCode).toBe(201);
    expect(parseDocUrl(exact.json().data[0])?.size).toBe(26_214_400);
    await expectNothingStoredBy(async () => {
      const over = await uploadLargeDocument(t, owner, pet.id, {
        filename: 'scan.txt',
        head: TXT,
        size: MAX_UPLOAD_BYTES + 1,
      });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual(TOO_LARGE);
    });
  });

  test('413 at once when the request announces more than five files of the limit', async () => {
    const body = multipart([file('a.png', PNG)]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
      headers: { ...as(owner, 'bearer'), ...body.headers, 'content-length': String(6 * MAX_UPLOAD_BYTES) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('the request', () => {
  test('someone else’s pet (or none) answers 404 like a missing one, nothing stored', async () => {
    await expectNothingStoredBy(async () => {
      const theirs = await uploadDocuments(t, stranger, pet.id, [file('a.png', PNG)]);
      const missing = await uploadDocuments(t, stranger, 'no-such-pet', [file('a.png', PNG)]);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    });
  });

  test('400 without a file, without pet_id, or with file_for other than pet; 415 for JSON; 401 signed out', async () => {
    const none = await uploadDocuments(t, owner, pet.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ file: 'Required_Error' });
    const body = multipart([file('a.png', PNG)]);
    for (const [query, fields] of [
      ['file_for=pet', { pet_id: 'Required_Error' }],
      [`file_for=user&pet_id=${pet.id}`, { file_for: 'Invalid_Value_Error' }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/upload/document?${query}`,
        headers: { ...as(owner, 'bearer'), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
      headers: as(owner, 'bearer'),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await uploadDocuments(t, null, pet.id, [file('a.png', PNG)])).statusCode).toBe(401);
  });

  test('a file name keeps no folders or control characters, and its extension when it is shortened', async () => {
    const long = `${'ü'.repeat(300)}.pdf`;
    const response = await uploadDocuments(t, owner, pet.id, [
      file('..\\..\\etc/ev\til.pdf', PDF),
      file(long, PDF),
    ]);
    expect(response.statusCode).toBe(201);
    const [evil, shortened] = response
      .json<{ data: string[] }>()
      .data.map((entry) => parseDocUrl(entry)?.name);
    expect(evil).toBe('evil.pdf');
    expect(shortened).toBe(`${'ü'.repeat(251)}.pdf`);
  });
});
