import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import type { PetDocument } from '@pet/shared';
import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import {
  addDocument,
  documentBody,
  file,
  fileIdOf,
  filesOf,
  insertDocuments,
  PDF,
  TXT,
  unzip,
  uploadedEntries,
  uploadLargeDocument,
} from '../../../test/support/documents.ts';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { addPet, call, PNG, upload } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { jobHandlers, QUEUES } from '../../job-registry.ts';

// The document calls after the upload: making a document of uploaded files, the pet's list with the limit
// state, the description's edit, the delete with its files, the ZIP of a pet's documents, and the job that
// removes files no document took. The app's clock is moved for the day an upload waits.

const HOUR = 60 * 60 * 1000;
let shift = 0;
const t = useTestApp({ clock: () => new Date(Date.now() + shift) });
let owner: TestUser;
let stranger: TestUser;
let pet: { id: string; name: string };

beforeAll(async () => {
  owner = await t.user({ plan: 'premium' });
  stranger = await t.user({ plan: 'premium' });
  pet = await addPet(t, owner, { name: 'Bello' });
});

afterEach(() => {
  shift = 0;
});

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };
const DOCUMENT_ERROR = {
  code: 'VALIDATION_ERROR',
  message: 'Bad_Request_Text',
  fields: { doc_url: 'Document_Error' },
};

const filesRoot = () => join(t.env.DATA_DIR, 'files');
const rowsOfDocuments = () => t.database.db.select().from(documents);
const fileRow = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, fileIdOf(url)))
  )[0];
const getFile = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: as(user, 'bearer') });

const list = async (user: TestUser, petId: string) =>
  (await call(t, user, 'GET', `/v1/document/mydocs?pet_id=${petId}`)).json<{
    data: PetDocument[];
    total: number;
    limit: number;
  }>();

describe('POST /v1/document?pet_id=', () => {
  test('201: the document holds the uploaded files in order; the list shows it first', async () => {
    const entries = await uploadedEntries(t, owner, pet.id, [
      file('seite1.png', PNG),
      file('seite2.pdf', PDF),
    ]);
    const response = await call(
      t,
      owner,
      'POST',
      `/v1/document?pet_id=${pet.id}`,
      documentBody(entries, { document_type: 'X-rays', description: '  Hüfte links  ' }),
      'cookie',
    );
    expect(response.statusCode).toBe(201);
    const made = response.json<PetDocument>();
    expect(made).toMatchObject({ pet_id: pet.id, document_type: 'X-rays', description: 'Hüfte links' });
    expect(made.doc_url).toEqual(entries);
    expect(new Date(made.created_at).toISOString()).toBe(made.created_at);
    const newer = await addDocument(t, owner, pet.id, { body: { description: 'Newer' } });
    const shown = await list(owner, pet.id);
    expect(shown.data.slice(0, 2).map((d) => d.id)).toEqual([newer.id, made.id]);
    expect(shown.data[1]).toEqual(made);
    expect(shown.limit).toBe(100);
    expect(shown.total).toBe((await rowsOfDocuments()).filter((d) => d.userId === owner.id).length);
    for (const entry of filesOf(made)) expect((await fileRow(entry.url))?.documentId).toBe(made.id);
  });

  test('400 for each rule, with the field and its text key; nothing is made', async () => {
    const entries = await uploadedEntries(t, owner, pet.id);
    const before = await rowsOfDocuments();
    const cases: Array<[object, Record<string, string>]> = [
      [{ description: '' }, { description: 'Description_Text_Error' }],
      [{ description: '   ' }, { description: 'Description_Text_Error' }],
      [{ description: 'x'.repeat(201) }, { description: 'Max_Length_Error' }],
      [{ document_type: 'Recipes' }, { document_type: 'Invalid_Value_Error' }],
      [{ doc_url: [] }, { doc_url: 'Document_Error' }],
      [{ doc_url: Array(6).fill(entries[0]) }, { doc_url: 'To_Many_Files_Error_Text' }],
    ];
    for (const [change, fields] of cases) {
      const response = await call(
        t,
        owner,
        'POST',
        `/v1/document?pet_id=${pet.id}`,
        documentBody(entries, change),
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    const noDescription = documentBody(entries);
    delete noDescription.description;
    const missing = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, noDescription);
    expect(missing.json().fields).toEqual({ description: 'Description_Text_Error' });
    expect(await rowsOfDocuments()).toEqual(before);
  });

  test('a doc_url entry that is not the caller’s fresh, unattached upload for this pet: 400 Document_Error', async () => {
    const otherPet = await addPet(t, owner, { name: 'Mimi' });
    const [mine] = await uploadedEntries(t, owner, pet.id);
    const [theirs] = await uploadedEntries(t, stranger, (await addPet(t, stranger)).id);
    const [forOtherPet] = await uploadedEntries(t, owner, otherPet.id);
    const attached = (await addDocument(t, owner, pet.id)).doc_url[0]!;
    const picture = (
      await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
        filename: 'a.png',
        contentType: 'image/png',
        data: PNG,
      })
    ).json().image_url as string;
    const foreignUrl = JSON.stringify({ ...JSON.parse(mine!), url: 'https://evil.example/v1/files/x' });
    const pictureEntry = JSON.stringify({ url: picture, type: 'image/png', name: 'a.png', size: PNG.length });
    const before = await rowsOfDocuments();
    for (const bad of [
      ['not json'],
      ['{"url":1}'],
      [foreignUrl],
      [theirs!],
      [forOtherPet!],
      [attached],
      [pictureEntry],
      [mine!, mine!],
      [mine!, theirs!],
    ]) {
      const response = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody(bad));
      expect(response.statusCode, bad.join()).toBe(400);
      expect(response.json()).toEqual(DOCUMENT_ERROR);
    }
    expect(await rowsOfDocuments()).toEqual(before);
    // Still the owner's to use: the refused requests attached nothing.
    expect(await fileRow(JSON.parse(mine!).url)).toMatchObject({ documentId: null });
    const ok = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody([mine!]));
    expect(ok.statusCode).toBe(201);
  });

  test('an upload older than a day can no longer be attached', async () => {
    const entries = await uploadedEntries(t, owner, pet.id);
    shift = 24 * HOUR + 60_000;
    const late = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody(entries));
    expect(late.json()).toEqual(DOCUMENT_ERROR);
    shift = 23 * HOUR;
    expect(
      (await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody(entries))).statusCode,
    ).toBe(201);
  });
});

describe('the plan’s documents_limit', () => {
  test('free plan: 5 documents, then 403 LIMIT_REACHED with its text key; the list says so', async () => {
    const user = await t.user({ plan: 'free' });
    const own = await addPet(t, user);
    await insertDocuments(t, user.id, own.id, 4);
    await addDocument(t, user, own.id);
    const entries = await uploadedEntries(t, user, own.id);
    const refused = await call(t, user, 'POST', `/v1/document?pet_id=${own.id}`, documentBody(entries));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Basic_Document_Limit_Reached_Message',
    });
    expect(await list(user, own.id)).toMatchObject({ total: 5, limit: 5 });
  });

  test('counts across pets; ten concurrent creates one below the limit make exactly one document', async () => {
    const user = await t.user({ plan: 'basic' });
    const first = await addPet(t, user, { name: 'Erster' });
    const second = await addPet(t, user, { name: 'Zweiter' });
    await insertDocuments(t, user.id, first.id, 19);
    // Spread over both pets: a lock on the pet alone would not order them.
    const targets = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second));
    const uploads = await Promise.all(targets.map((target) => uploadedEntries(t, user, target.id)));
    const answers = await Promise.all(
      uploads.map((entries, i) =>
        call(t, user, 'POST', `/v1/document?pet_id=${targets[i]!.id}`, documentBody(entries)),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(403)]);
    expect(await list(user, second.id)).toMatchObject({ total: 20, limit: 20 });
  });
});

describe('PUT /v1/document?doc_id=', () => {
  test('changes only the description; 400 for an empty one; someone else’s id answers like a missing one', async () => {
    const made = await addDocument(t, owner, pet.id);
    const response = await call(t, owner, 'PUT', `/v1/document?doc_id=${made.id}`, {
      description: 'Blutbild März',
      document_type: 'Bills',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...made, description: 'Blutbild März' });
    const empty = await call(t, owner, 'PUT', `/v1/document?doc_id=${made.id}`, { description: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ description: 'Description_Text_Error' });
    const theirs = await call(t, stranger, 'PUT', `/v1/document?doc_id=${made.id}`, {
      description: 'Mine now',
    });
    const missing = await call(t, stranger, 'PUT', '/v1/document?doc_id=no-such-doc', { description: 'x' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(NOT_FOUND);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect((await list(owner, pet.id)).data.find((d) => d.id === made.id)?.description).toBe('Blutbild März');
  });
});

describe('DELETE /v1/document?doc_id=', () => {
  test('204: the record, its file rows and their bytes are gone; someone else’s id answers like a missing one', async () => {
    const made = await addDocument(t, owner, pet.id, { files: [file('a.png', PNG), file('b.txt', TXT)] });
    const urls = filesOf(made).map((f) => f.url);
    const theirs = await call(t, stranger, 'DELETE', `/v1/document?doc_id=${made.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(NOT_FOUND);
    expect((await getFile(owner, urls[0]!)).statusCode).toBe(200);
    const onDisk = await filesUnder(filesRoot());

    const response = await call(t, owner, 'DELETE', `/v1/document?doc_id=${made.id}`, undefined, 'cookie');
    expect(response.statusCode).toBe(204);
    expect((await list(owner, pet.id)).data.map((d) => d.id)).not.toContain(made.id);
    for (const url of urls) {
      expect((await getFile(owner, url)).statusCode).toBe(404);
      expect(await fileRow(url)).toBeUndefined();
    }
    const ids = urls.map(fileIdOf);
    expect((await filesUnder(filesRoot())).filter((f) => ids.some((id) => f.includes(id)))).toEqual([]);
    expect(await filesUnder(filesRoot())).toHaveLength(onDisk.length - 2);
    expect((await call(t, owner, 'DELETE', `/v1/document?doc_id=${made.id}`)).statusCode).toBe(404);
  });
});

describe('another user’s pet', () => {
  test('the list, a create and the ZIP answer exactly like a missing pet', async () => {
    const entries = await uploadedEntries(t, stranger, (await addPet(t, stranger)).id);
    for (const [method, path, body] of [
      ['GET', '/v1/document/mydocs', undefined],
      ['GET', '/v1/document/zip', undefined],
      ['POST', '/v1/document', documentBody(entries)],
    ] as const) {
      const theirs = await call(t, stranger, method, `${path}?pet_id=${pet.id}`, body);
      const missing = await call(t, stranger, method, `${path}?pet_id=no-such-pet`, body);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json()).toEqual(NOT_FOUND);
      expect(missing.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('deleting a pet', () => {
  test('deletes its documents, their file rows and bytes', async () => {
    const doomed = await addPet(t, owner, { name: 'Hoppel' });
    const made = await addDocument(t, owner, doomed.id, { files: [file('a.png', PNG), file('b.pdf', PDF)] });
    const [unattached] = await uploadedEntries(t, owner, doomed.id);
    expect((await call(t, owner, 'DELETE', `/v1/pet?id=${doomed.id}`)).statusCode).toBeLessThan(300);
    expect((await rowsOfDocuments()).filter((d) => d.id === made.id)).toEqual([]);
    for (const url of [...filesOf(made).map((f) => f.url), JSON.parse(unattached!).url]) {
      expect(await fileRow(url)).toBeUndefined();
    }
    expect((await filesUnder(filesRoot())).filter((f) => f.includes(doomed.id))).toEqual([]);
  });
});

describe('GET /v1/document/zip?pet_id=', () => {
  test('every file in a folder per document, with safe unique names, as an attachment', async () => {
    const zipPet = await addPet(t, owner, { name: 'Müller' });
    const first = await addDocument(t, owner, zipPet.id, {
      files: [file('scan.png', PNG), file('scan.png', PNG), file('../notiz.txt', TXT)],
      body: { document_type: 'X-rays', description: 'Hüfte: links/rechts' },
    });
    await addDocument(t, owner, zipPet.id, {
      files: [file('befund.pdf', PDF)],
      body: { document_type: 'X-rays', description: 'Hüfte: links/rechts' },
    });
    expect(filesOf(first)).toHaveLength(3);
    const response = await call(t, owner, 'GET', `/v1/document/zip?pet_id=${zipPet.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="M_ller-documents.zip"; filename*=UTF-8''${encodeURIComponent('Müller-documents.zip')}`,
    );
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'X-rays/Hüfte_ links_rechts/scan.png',
      'X-rays/Hüfte_ links_rechts/scan (2).png',
      'X-rays/Hüfte_ links_rechts/notiz.txt',
      'X-rays/Hüfte_ links_rechts (2)/befund.pdf',
    ]);
    expect(entries.map((e) => e.data)).toEqual([PNG, PNG, TXT, PDF]);
  });

  test('a download that breaks off closes the file it was reading', async () => {
    const big = await addPet(t, owner, { name: 'Gross' });
    const [entry] = (
      await uploadLargeDocument(t, owner, big.id, { filename: 'scan.pdf', head: PDF, size: 8 * 1024 * 1024 })
    ).json<{ data: string[] }>().data;
    await call(t, owner, 'POST', `/v1/document?pet_id=${big.id}`, documentBody([entry!]));
    const root = filesRoot();
    const openFiles = async () => {
      const fds = await readdir('/proc/self/fd').catch(() => []);
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target.startsWith(root));
    };
    // Closed with the app at the end of the file.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`/v1/document/zip?pet_id=${big.id}`, address);
    const request = http.get(url, { headers: as(owner, 'bearer') });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    // The server is in the middle of the file (its rest waits on the paused client).
    await expect.poll(openFiles, { timeout: 2_000 }).toHaveLength(1);
    request.destroy();
    await expect.poll(openFiles, { timeout: 2_000 }).toEqual([]);
  });

  test('a pet without documents gets an empty archive', async () => {
    const empty = await addPet(t, owner, { name: 'Leer' });
    const response = await call(t, owner, 'GET', `/v1/document/zip?pet_id=${empty.id}`);
    expect(response.statusCode).toBe(200);
    expect(await unzip(response.rawPayload)).toEqual([]);
  });
});

describe('the clean-up of unattached files', () => {
  const cleanUp = () =>
    jobHandlers(t.app)[QUEUES.unattachedFilesCleanup]!({
      id: 'test',
      name: QUEUES.unattachedFilesCleanup,
      data: {},
    } as Job<never>);

  test('removes files no document took a day after their upload, rows and bytes; attached ones stay', async () => {
    const [orphan] = await uploadedEntries(t, owner, pet.id, [file('vergessen.pdf', PDF)]);
    const kept = await addDocument(t, owner, pet.id);
    const orphanUrl = JSON.parse(orphan!).url as string;
    const onDisk = () => filesUnder(filesRoot());
    const has = async (url: string) => (await onDisk()).some((f) => f.endsWith(fileIdOf(url)));

    shift = 23 * HOUR;
    await cleanUp();
    expect(await fileRow(orphanUrl)).toBeDefined();
    expect(await has(orphanUrl)).toBe(true);

    shift = 24 * HOUR + 60_000;
    await cleanUp();
    expect(await fileRow(orphanUrl)).toBeUndefined();
    expect(await has(orphanUrl)).toBe(false);
    expect((await getFile(owner, orphanUrl)).statusCode).toBe(404);
    for (const url of filesOf(kept).map((f) => f.url)) {
      expect(await fileRow(url)).toBeDefined();
      expect(await has(url)).toBe(true);
    }
  });
});
