import type { DocumentList, PetDocument } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { eq, inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
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
  uploadDocuments,
  uploadedEntries,
} from '../../../test/support/documents.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { petFileKey } from '../../storage/keys.ts';

// Documents in a household (issue 45): a co-owner uploads, makes, edits and deletes the owner's pet's
// documents, stored as the owner's and counted by the owner's plan, each write in the pet's history under
// the co-owner's name; a sitter reads only the documents visible to sitters (list, count, ZIP, files) and
// writes nothing; a stranger gets the 404 of a missing id everywhere.

const t = useTestApp();

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };
const MISSING = '00000000-0000-4000-8000-000000000000';

const getFile = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: as(user, 'bearer') });
const listOf = async (user: TestUser, petId: string) =>
  (await call(t, user, 'GET', `${apiPaths.petDocuments}?pet_id=${petId}`)).json<DocumentList>();
const historyOf = async (owner: TestUser, petId: string) =>
  (await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${petId}`))
    .json<{ data: Array<{ actor_name: string; action: string; entity: string; entity_id: string }> }>()
    .data.filter((e) => e.entity === 'document');

test('a co-owner uploads, adds, edits and deletes; the rows and files are the owner’s; the history names the co-owner', async () => {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user({ plan: 'premium', name: 'Cora Co' });
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');

  // The co-owner's upload is the owner's, and the co-owner's document takes it.
  const entries = await uploadedEntries(t, coOwner, pet.id, [file('befund.pdf', PDF)]);
  const made = await call(t, coOwner, 'POST', `${apiPaths.document}?pet_id=${pet.id}`, documentBody(entries));
  expect(made.statusCode).toBe(201);
  const document = made.json<PetDocument>();
  expect(document).toMatchObject({ pet_id: pet.id, visible_to_sitters: false, read_only: false });
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, document.id));
  expect(row?.userId).toBe(owner.id);
  const fileIds = filesOf(document).map((f) => fileIdOf(f.url));
  const fileRows = await t.database.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
  expect(fileRows).toHaveLength(1);
  for (const fileRow of fileRows) {
    expect(fileRow.userId).toBe(owner.id);
    expect(fileRow.storageKey.startsWith(petFileKey(owner.id, pet.id, ''))).toBe(true);
  }
  // Both see it, and its file.
  expect((await listOf(owner, pet.id)).data.map((d) => d.id)).toEqual([document.id]);
  expect((await listOf(coOwner, pet.id)).data.map((d) => d.id)).toEqual([document.id]);
  for (const user of [owner, coOwner]) {
    const served = await getFile(user, filesOf(document)[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PDF);
  }

  // The owner shows it to sitters; the co-owner's edit without visible_to_sitters leaves that as it is.
  const shown = await call(t, owner, 'PUT', `${apiPaths.document}?doc_id=${document.id}`, {
    description: 'Befund',
    visible_to_sitters: true,
  });
  expect(shown.json()).toMatchObject({ visible_to_sitters: true });
  const edited = await call(t, coOwner, 'PUT', `${apiPaths.document}?doc_id=${document.id}`, {
    description: 'Neu',
  });
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ description: 'Neu', visible_to_sitters: true });

  expect((await call(t, coOwner, 'DELETE', `${apiPaths.document}?doc_id=${document.id}`)).statusCode).toBe(
    204,
  );
  expect((await listOf(owner, pet.id)).data).toEqual([]);
  expect(await t.database.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))).toEqual([]);

  const history = await historyOf(owner, pet.id);
  expect(history.map((e) => `${e.actor_name} ${e.action} ${e.entity_id}`)).toEqual([
    `Cora Co deleted ${document.id}`,
    `Cora Co updated ${document.id}`,
    `Olga Owner updated ${document.id}`,
    `Cora Co created ${document.id}`,
  ]);
});

test('a co-owner’s documents count against the owner’s plan, not the co-owner’s', async () => {
  const owner = await t.user({ plan: 'free' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user({ plan: 'premium' });
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await insertDocuments(t, owner.id, pet.id, 4);

  await addDocument(t, coOwner, pet.id);
  expect(await listOf(coOwner, pet.id)).toMatchObject({ total: 5, limit: 5 });
  const entries = await uploadedEntries(t, coOwner, pet.id);
  const refused = await call(
    t,
    coOwner,
    'POST',
    `${apiPaths.document}?pet_id=${pet.id}`,
    documentBody(entries),
  );
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ code: 'LIMIT_REACHED' });
  expect(await t.database.db.select().from(documents).where(eq(documents.userId, coOwner.id))).toEqual([]);
  expect(await listOf(owner, pet.id)).toMatchObject({ total: 5, limit: 5 });
});

test('a sitter reads only the documents visible to sitters: the list, its count, the ZIP, their files', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const sitter = await t.user();
  const coOwner = await t.user();
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  const shown = await addDocument(t, owner, pet.id, {
    files: [file('impfpass.pdf', PDF)],
    body: { description: 'Vaccinations', visible_to_sitters: true },
  });
  const secret = await addDocument(t, owner, pet.id, {
    files: [file('notes.txt', TXT)],
    body: { description: 'Insurance' },
  });
  expect(secret.visible_to_sitters).toBe(false);

  const seen = await listOf(sitter, pet.id);
  expect(seen.data.map((d) => d.id)).toEqual([shown.id]);
  expect(seen.total).toBe(1);
  const all = await listOf(coOwner, pet.id);
  expect(all.data.map((d) => d.id)).toEqual([secret.id, shown.id]);
  expect(all.total).toBe(2);

  const zip = await call(t, sitter, 'GET', `${apiPaths.petDocumentsZip}?pet_id=${pet.id}`);
  expect(zip.statusCode).toBe(200);
  expect((await unzip(zip.rawPayload)).map((e) => e.name)).toEqual([
    'Laboratory Findings/Vaccinations/impfpass.pdf',
  ]);
  const ownersZip = await call(t, owner, 'GET', `${apiPaths.petDocumentsZip}?pet_id=${pet.id}`);
  expect(await unzip(ownersZip.rawPayload)).toHaveLength(2);

  expect((await getFile(sitter, filesOf(shown)[0]!.url)).statusCode).toBe(200);
  const hiddenFile = await getFile(sitter, filesOf(secret)[0]!.url);
  const missingFile = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.files}/${MISSING}`,
    headers: as(sitter, 'bearer'),
  });
  expect(hiddenFile.statusCode).toBe(404);
  expect(hiddenFile.json()).toEqual(NOT_FOUND);
  expect(missingFile.json()).toEqual(hiddenFile.json());
  expect((await getFile(coOwner, filesOf(secret)[0]!.url)).statusCode).toBe(200);

  // The owner shows the other one too.
  await call(t, owner, 'PUT', `${apiPaths.document}?doc_id=${secret.id}`, {
    description: 'Insurance',
    visible_to_sitters: true,
  });
  expect((await listOf(sitter, pet.id)).data.map((d) => d.id)).toEqual([secret.id, shown.id]);
  expect((await getFile(sitter, filesOf(secret)[0]!.url)).statusCode).toBe(200);
});

test('a sitter may change nothing: 403 FORBIDDEN_FOR_ROLE on each write, nothing saved', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const sitter = await t.user({ plan: 'premium' });
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  const shown = await addDocument(t, owner, pet.id, { body: { visible_to_sitters: true } });
  const secret = await addDocument(t, owner, pet.id);
  const fresh = await uploadedEntries(t, owner, pet.id);
  const before = await listOf(owner, pet.id);
  const filesBefore = await t.database.db.select().from(storedFiles).where(eq(storedFiles.petId, pet.id));

  const refusals = [
    await uploadDocuments(t, sitter, pet.id, [file('befund.pdf', PDF)]),
    await call(t, sitter, 'POST', `${apiPaths.document}?pet_id=${pet.id}`, documentBody(fresh)),
    await call(t, sitter, 'PUT', `${apiPaths.document}?doc_id=${shown.id}`, { description: 'Neu' }),
    await call(t, sitter, 'PUT', `${apiPaths.document}?doc_id=${secret.id}`, {
      description: 'Neu',
      visible_to_sitters: true,
    }),
    await call(t, sitter, 'DELETE', `${apiPaths.document}?doc_id=${shown.id}`),
    await call(t, sitter, 'DELETE', `${apiPaths.document}?doc_id=${secret.id}`),
  ];
  for (const [i, refused] of refusals.entries()) {
    expect(refused.statusCode, `write ${i}`).toBe(403);
    expect(refused.json().code, `write ${i}`).toBe('FORBIDDEN_FOR_ROLE');
  }
  expect(await listOf(owner, pet.id)).toEqual(before);
  const filesAfter = await t.database.db.select().from(storedFiles).where(eq(storedFiles.petId, pet.id));
  expect(filesAfter.toSorted((a, b) => a.id.localeCompare(b.id))).toEqual(
    filesBefore.toSorted((a, b) => a.id.localeCompare(b.id)),
  );
  expect(await historyOf(owner, pet.id)).toHaveLength(2);
  // The upload the sitter could not use is not theirs to see either.
  expect((await getFile(sitter, JSON.parse(fresh[0]!).url)).statusCode).toBe(404);
});

test('a stranger gets exactly the 404 of a missing id on every documents call', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const stranger = await t.user({ plan: 'premium' });
  const document = await addDocument(t, owner, pet.id, { body: { visible_to_sitters: true } });
  const fresh = await uploadedEntries(t, owner, pet.id);

  const pairs = [
    [
      await call(t, stranger, 'GET', `${apiPaths.petDocuments}?pet_id=${pet.id}`),
      await call(t, stranger, 'GET', `${apiPaths.petDocuments}?pet_id=${MISSING}`),
    ],
    [
      await call(t, stranger, 'GET', `${apiPaths.petDocumentsZip}?pet_id=${pet.id}`),
      await call(t, stranger, 'GET', `${apiPaths.petDocumentsZip}?pet_id=${MISSING}`),
    ],
    [
      await uploadDocuments(t, stranger, pet.id, [file('befund.pdf', PDF)]),
      await uploadDocuments(t, stranger, MISSING, [file('befund.pdf', PDF)]),
    ],
    [
      await call(t, stranger, 'POST', `${apiPaths.document}?pet_id=${pet.id}`, documentBody(fresh)),
      await call(t, stranger, 'POST', `${apiPaths.document}?pet_id=${MISSING}`, documentBody(fresh)),
    ],
    [
      await call(t, stranger, 'PUT', `${apiPaths.document}?doc_id=${document.id}`, { description: 'x' }),
      await call(t, stranger, 'PUT', `${apiPaths.document}?doc_id=${MISSING}`, { description: 'x' }),
    ],
    [
      await call(t, stranger, 'DELETE', `${apiPaths.document}?doc_id=${document.id}`),
      await call(t, stranger, 'DELETE', `${apiPaths.document}?doc_id=${MISSING}`),
    ],
    [
      await getFile(stranger, filesOf(document)[0]!.url),
      await getFile(stranger, `http://localhost${apiPaths.files}/${MISSING}`),
    ],
  ];
  for (const [i, [theirs, missing]] of pairs.entries()) {
    expect(theirs!.statusCode, `call ${i}`).toBe(404);
    expect(theirs!.json(), `call ${i}`).toEqual(NOT_FOUND);
    expect(missing!.json(), `call ${i}`).toEqual(theirs!.json());
  }
  expect((await listOf(owner, pet.id)).data).toEqual([document]);
});

test('what sitters see is the owner’s choice: a co-owner may not show a document to them (403, nothing changed)', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  const made = await addDocument(t, owner, pet.id, { files: [file('a.pdf', PDF)] });

  const shown = await call(t, coOwner, 'PUT', `${apiPaths.document}?doc_id=${made.id}`, {
    description: 'Shown',
    visible_to_sitters: true,
  });
  expect(shown.statusCode).toBe(403);
  expect(shown.json().code).toBe('FORBIDDEN_FOR_ROLE');
  // Unchanged, it may be sent along with an edit.
  const edited = await call(t, coOwner, 'PUT', `${apiPaths.document}?doc_id=${made.id}`, {
    description: 'Edited',
    visible_to_sitters: false,
  });
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ description: 'Edited', visible_to_sitters: false });
  const byOwner = await call(t, owner, 'PUT', `${apiPaths.document}?doc_id=${made.id}`, {
    description: 'Edited',
    visible_to_sitters: true,
  });
  expect(byOwner.json()).toMatchObject({ visible_to_sitters: true });
});
