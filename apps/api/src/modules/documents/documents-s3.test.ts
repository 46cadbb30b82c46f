import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, type PetDocument } from '@pet/shared';
import type { Job } from 'pg-boss';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import {
  documentBody,
  EXE,
  file,
  fileIdOf,
  filesOf,
  PDF,
  TXT,
  unzip,
  uploadDocuments,
  uploadedEntries,
  uploadLargeDocument,
} from '../../../test/support/documents.ts';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { addPet, call, PNG } from '../../../test/support/pets.ts';
import { useS3Server } from '../../../test/support/s3-server.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';
import { jobHandlers, QUEUES } from '../../job-registry.ts';

// The documents' path through the API with S3_BUCKET set (documents.test.ts and document-upload.test.ts run
// it on the local disk): uploads land in the bucket (a file over one 5 MiB part through the multipart path),
// a refused file leaves nothing there, the ZIP streams its entries from the bucket, and deleting a document,
// the clean-up of unattached files and deleting the pet empty it. The storage calls are the same on either
// database: the PostgreSQL stage of `npm test` skips this file.

const HOUR = 60 * 60 * 1000;

describe.skipIf(onPostgres)('documents on S3', () => {
  const s3 = useS3Server();
  let shift = 0;
  // s3.env is filled in by useS3Server's beforeAll: this adds to that object, not to a copy of it.
  const t = useTestApp({
    env: Object.assign(s3.env, { LOG_LEVEL: 'warn' }),
    clock: () => new Date(Date.now() + shift),
  });
  let owner: TestUser;
  beforeAll(async () => {
    owner = await t.user({ plan: 'premium' });
  });
  afterEach(() => {
    shift = 0;
  });
  const inBucket = async () => (await storedObjects(t.env)).map((key) => key.split('/').pop());

  test('uploads go to the bucket and come back whole; the ZIP reads them from there; delete empties it', async () => {
    const pet = await addPet(t, owner, { name: 'Bello' });
    const big = await uploadLargeDocument(t, owner, pet.id, {
      filename: 'roentgen.pdf',
      head: PDF,
      size: 6 * 1024 * 1024 + 5,
    });
    expect(big.statusCode).toBe(201);
    const small = await uploadedEntries(t, owner, pet.id, [file('bild.png', PNG), file('notiz.txt', TXT)]);
    const entries = [...big.json<{ data: string[] }>().data, ...small];
    const ids = entries.map((entry) => fileIdOf(JSON.parse(entry).url));
    expect((await inBucket()).sort()).toEqual([...ids].sort());
    expect(await filesUnder(join(t.env.DATA_DIR, 'files'))).toEqual([]);

    const created = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody(entries));
    expect(created.statusCode).toBe(201);
    const document = created.json<PetDocument>();
    const [bigFile, png, txt] = filesOf(document);
    const served = await call(t, owner, 'GET', new URL(bigFile!.url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(6 * 1024 * 1024 + 5);
    expect(served.rawPayload.subarray(0, PDF.length).equals(PDF)).toBe(true);

    const zip = await call(t, owner, 'GET', `/v1/document/zip?pet_id=${pet.id}`);
    expect(zip.statusCode).toBe(200);
    const unzipped = await unzip(zip.rawPayload);
    expect(unzipped.map((entry) => entry.data.length).sort((a, b) => a - b)).toEqual(
      [png!.size, txt!.size, bigFile!.size].sort((a, b) => a - b),
    );
    expect(unzipped.find((entry) => entry.name.endsWith('bild.png'))?.data.equals(PNG)).toBe(true);

    expect((await call(t, owner, 'DELETE', `/v1/document?doc_id=${document.id}`)).statusCode).toBe(204);
    expect(await inBucket()).toEqual([]);
  });

  test("a refused file stores nothing (not even the request's accepted ones); the size limit holds on S3", async () => {
    const pet = await addPet(t, owner, { name: 'Rex' });
    const response = await uploadDocuments(t, owner, pet.id, [
      file('befund.pdf', PDF),
      file('rechnung.pdf', EXE),
    ]);
    expect(response.statusCode).toBe(415);
    expect(await inBucket()).toEqual([]);

    // Through the multipart upload's parts: exactly the limit is taken, one byte more is aborted, unstored.
    const exact = await uploadLargeDocument(t, owner, pet.id, {
      filename: 'scan.pdf',
      head: PDF,
      size: MAX_UPLOAD_BYTES,
    });
    expect(exact.statusCode).toBe(201);
    const over = await uploadLargeDocument(t, owner, pet.id, {
      filename: 'scan2.pdf',
      head: PDF,
      size: MAX_UPLOAD_BYTES + 1,
    });
    expect(over.statusCode).toBe(413);
    expect(await inBucket()).toEqual([fileIdOf(JSON.parse(exact.json<{ data: string[] }>().data[0]!).url)]);
    expect((await call(t, owner, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBe(204);
  });

  test('the clean-up removes unattached uploads from the bucket; deleting the pet removes the rest', async () => {
    const pet = await addPet(t, owner, { name: 'Mimi' });
    const [orphan] = await uploadedEntries(t, owner, pet.id, [file('vergessen.pdf', PDF)]);
    const kept = await uploadedEntries(t, owner, pet.id, [file('behalten.pdf', PDF)]);
    const made = await call(t, owner, 'POST', `/v1/document?pet_id=${pet.id}`, documentBody(kept));
    expect(made.statusCode).toBe(201);

    shift = 24 * HOUR + 60_000;
    await jobHandlers(t.app)[QUEUES.unattachedFilesCleanup]!({
      id: 'test',
      name: QUEUES.unattachedFilesCleanup,
      data: {},
    } as Job<never>);
    const left = await inBucket();
    expect(left).not.toContain(fileIdOf(JSON.parse(orphan!).url));
    expect(left).toEqual([fileIdOf(JSON.parse(kept[0]!).url)]);

    shift = 0;
    expect((await call(t, owner, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBe(204);
    expect(await inBucket()).toEqual([]);
  });
});
