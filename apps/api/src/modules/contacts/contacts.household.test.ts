import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contactBody } from '../../../test/support/contacts.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { contacts } from '../../db/schema/contacts.ts';

// Contacts in a household (issue 45, points 3 and 4): a co-owner writes the owner's pet's contacts, stored
// as the owner's, each write in the pet's history under the co-owner's name; a sitter reads and writes
// nothing; a copy to a pet the user may not write to saves nothing.

const t = useTestApp();

test('a co-owner adds, edits and deletes; the rows are the owner’s; the history names the co-owner', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user({ name: 'Cora Co' });
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');

  const made = await call(t, coOwner, 'POST', `${apiPaths.contact}?pet_id=${pet.id}`, contactBody());
  expect(made.statusCode).toBe(201);
  const id = made.json<{ id: string }>().id;
  const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
  expect(row?.userId).toBe(owner.id);
  const list = await call(t, owner, 'GET', `${apiPaths.petContacts}?pet_id=${pet.id}`);
  expect(list.json<Array<{ id: string }>>().map((c) => c.id)).toEqual([id]);

  expect(
    (await call(t, coOwner, 'PUT', `${apiPaths.contact}?contact_id=${id}`, contactBody({ name: 'Neu' })))
      .statusCode,
  ).toBe(200);
  expect((await call(t, coOwner, 'DELETE', `${apiPaths.contact}?contact_id=${id}`)).statusCode).toBe(204);

  const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`);
  const entries = history.json<{ data: Array<{ actor_name: string; action: string; entity: string }> }>()
    .data;
  expect(entries.filter((e) => e.entity === 'contact').map((e) => `${e.actor_name} ${e.action}`)).toEqual([
    'Cora Co deleted',
    'Cora Co updated',
    'Cora Co created',
  ]);
});

test('a sitter reads the contacts and may change none (403 FORBIDDEN_FOR_ROLE, nothing saved)', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const sitter = await t.user();
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  const made = await call(t, owner, 'POST', `${apiPaths.contact}?pet_id=${pet.id}`, contactBody());
  const id = made.json<{ id: string }>().id;

  const list = await call(t, sitter, 'GET', `${apiPaths.petContacts}?pet_id=${pet.id}`);
  expect(list.statusCode).toBe(200);
  expect(list.json()).toHaveLength(1);
  for (const [method, url, body] of [
    ['POST', `${apiPaths.contact}?pet_id=${pet.id}`, contactBody()],
    ['PUT', `${apiPaths.contact}?contact_id=${id}`, contactBody({ name: 'Neu' })],
    ['DELETE', `${apiPaths.contact}?contact_id=${id}`, undefined],
  ] as const) {
    const refused = await call(t, sitter, method, url, body);
    expect(refused.statusCode, `${method} ${url}`).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  const after = await call(t, owner, 'GET', `${apiPaths.petContacts}?pet_id=${pet.id}`);
  expect(after.json()).toEqual(list.json());
});

test('a copy to a pet where the user is only a sitter answers 403 and saves nothing', async () => {
  const owner = await t.user({ plan: 'premium' });
  const sitted = await addPet(t, owner);
  const member = await t.user({ plan: 'premium' });
  const own = await addPet(t, member);
  await joinHousehold(t, owner, sitted.id, member, 'sitter');

  const refused = await call(t, member, 'POST', `${apiPaths.contact}?pet_id=${own.id}`, {
    ...contactBody(),
    also_for_pet_ids: [sitted.id],
  });
  expect(refused.statusCode).toBe(403);
  expect((await call(t, member, 'GET', `${apiPaths.petContacts}?pet_id=${own.id}`)).json()).toEqual([]);
  expect((await call(t, owner, 'GET', `${apiPaths.petContacts}?pet_id=${sitted.id}`)).json()).toEqual([]);
});
