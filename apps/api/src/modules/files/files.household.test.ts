import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import { addDocument, file, filesOf, PDF, uploadedEntries } from '../../../test/support/documents.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call, GIF, PNG, upload } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { petFileKey } from '../../storage/keys.ts';

// Files in a household (issue 45): a co-owner sets the pet's picture (stored as the owner's, in the pet's
// history under the co-owner's name); every member sees the pet's picture, a sitter only the files of
// documents visible to sitters; a user's own picture stays theirs; a sitter sets no picture (403), a
// stranger gets the 404 of a missing file everywhere.

const t = useTestApp();

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };
const MISSING = '00000000-0000-4000-8000-000000000000';

const getFile = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: as(user, 'bearer') });
const missingFile = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: `${apiPaths.files}/${MISSING}`, headers: as(user, 'bearer') });
const png = () => ({ filename: 'bello.png', contentType: 'image/png', data: PNG });
const gif = () => ({ filename: 'bello.gif', contentType: 'image/gif', data: GIF });
const petFiles = (petId: string) =>
  t.database.db.select().from(storedFiles).where(eq(storedFiles.petId, petId));

test('a co-owner sets the pet’s picture: the owner’s file, seen by the household, in the history by name', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user({ name: 'Cora Co' });
  const sitter = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');

  const first = await upload(t, coOwner, `file_for=pet&pet_id=${pet.id}`, png());
  expect(first.statusCode).toBe(201);
  const second = await upload(t, coOwner, `file_for=pet&pet_id=${pet.id}`, gif());
  expect(second.statusCode).toBe(201);
  const url = second.json<{ image_url: string }>().image_url;
  const rows = await petFiles(pet.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: 'pet-image', userId: owner.id, contentType: 'image/gif' });
  expect(rows[0]!.storageKey.startsWith(petFileKey(owner.id, pet.id, ''))).toBe(true);

  for (const user of [owner, coOwner, sitter]) {
    const served = await getFile(user, url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(GIF);
  }
  // The replaced picture is gone for everyone.
  expect((await getFile(owner, first.json<{ image_url: string }>().image_url)).statusCode).toBe(404);

  const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`);
  const entries = history
    .json<{ data: Array<{ actor_name: string; action: string; entity: string; entity_id: string }> }>()
    .data.filter((e) => e.entity === 'picture');
  expect(entries.map((e) => `${e.actor_name} ${e.action}`)).toEqual(['Cora Co updated', 'Cora Co created']);
  expect(entries[0]!.entity_id).toBe(rows[0]!.id);
});

test('a sitter sets no picture: 403 FORBIDDEN_FOR_ROLE, the picture unchanged, nothing stored', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const sitter = await t.user();
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  const url = (await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, png())).json<{ image_url: string }>()
    .image_url;
  const before = await petFiles(pet.id);

  const refused = await upload(t, sitter, `file_for=pet&pet_id=${pet.id}`, gif());
  expect(refused.statusCode).toBe(403);
  expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  expect(await petFiles(pet.id)).toEqual(before);
  expect((await getFile(owner, url)).rawPayload).toEqual(PNG);
  // Their own picture is theirs to set.
  expect((await upload(t, sitter, 'file_for=user', png())).statusCode).toBe(201);
});

test('document files: the household sees them, a sitter only those of documents visible to sitters', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user();
  const sitter = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  const shown = await addDocument(t, owner, pet.id, {
    files: [file('impfpass.pdf', PDF)],
    body: { visible_to_sitters: true },
  });
  const hidden = await addDocument(t, owner, pet.id, { files: [file('befund.pdf', PDF)] });
  const unattached = JSON.parse((await uploadedEntries(t, coOwner, pet.id))[0]!).url as string;

  for (const user of [owner, coOwner]) {
    for (const url of [filesOf(shown)[0]!.url, filesOf(hidden)[0]!.url, unattached]) {
      expect((await getFile(user, url)).statusCode, url).toBe(200);
    }
  }
  expect((await getFile(sitter, filesOf(shown)[0]!.url)).statusCode).toBe(200);
  const missing = await missingFile(sitter);
  for (const url of [filesOf(hidden)[0]!.url, unattached]) {
    const refused = await getFile(sitter, url);
    expect(refused.statusCode, url).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  }
});

test('a user’s own picture is theirs alone; a stranger gets the 404 of a missing file everywhere', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user();
  const stranger = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  const profile = (await upload(t, owner, 'file_for=user', png())).json<{ image_url: string }>().image_url;
  const picture = (await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, png())).json<{
    image_url: string;
  }>().image_url;
  const document = await addDocument(t, owner, pet.id, { body: { visible_to_sitters: true } });

  expect((await getFile(owner, profile)).statusCode).toBe(200);
  const coOwnersTry = await getFile(coOwner, profile);
  expect(coOwnersTry.statusCode).toBe(404);
  expect(coOwnersTry.json()).toEqual(NOT_FOUND);

  const missing = await missingFile(stranger);
  expect(missing.json()).toEqual(NOT_FOUND);
  for (const url of [profile, picture, filesOf(document)[0]!.url]) {
    const refused = await getFile(stranger, url);
    expect(refused.statusCode, url).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  }
  const before = await petFiles(pet.id);
  const theirs = await upload(t, stranger, `file_for=pet&pet_id=${pet.id}`, gif());
  const nowhere = await upload(t, stranger, `file_for=pet&pet_id=${MISSING}`, gif());
  expect(theirs.statusCode).toBe(404);
  expect(theirs.json()).toEqual(nowhere.json());
  expect(await petFiles(pet.id)).toEqual(before);
});
