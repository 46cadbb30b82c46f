import { apiPaths } from '@pet/shared/paths';
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { householdMembers } from '../../db/schema/household.ts';

// Pets in a household (issue 45, points 2 and 3): a shared pet is in its members' GET /v1/pet and myinfo with
// their role and the owner's name, and the list's kept answer follows every membership change, the owner's
// new name and a last day that passes without any write; a co-owner edits the pet (in its history), only the
// owner deletes it; a sitter reads; strangers and former members get the 404 of a missing pet.

const t = useTestApp();

const listed = async (user: Parameters<typeof call>[1]) =>
  (await call(t, user, 'GET', apiPaths.pet)).json<
    Array<{ id: string; role: string; owner_name: string | null; member_id: string | null }>
  >();

test('a shared pet is in the member’s list and myinfo with the role and the owner’s name, and goes with the membership', async () => {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  const member = await t.user({ plan: 'premium' });
  const own = await addPet(t, member, { name: 'Rex' });

  // Read once before joining: the kept answer must not survive the membership.
  expect((await listed(member)).map((p) => p.id)).toEqual([own.id]);
  const memberId = await joinHousehold(t, owner, pet.id, member, 'sitter');
  expect((await listed(member)).map((p) => [p.id, p.role, p.owner_name, p.member_id])).toEqual([
    [pet.id, 'sitter', 'Olga Owner', memberId],
    [own.id, 'owner', null, null],
  ]);
  const info = (await call(t, member, 'GET', apiPaths.myInfo)).json();
  expect(info.pets).toEqual([
    { id: pet.id, name: 'Luna', role: 'sitter', owner_name: 'Olga Owner' },
    { id: own.id, name: 'Rex', role: 'owner', owner_name: null },
  ]);
  // The owner's list is the owner's pets alone.
  expect((await listed(owner)).map((p) => [p.id, p.role, p.owner_name])).toEqual([[pet.id, 'owner', null]]);

  // The owner renames the pet, and themselves: the member's kept answer follows both.
  await call(t, owner, 'PUT', `${apiPaths.pet}?id=${pet.id}`, { name: 'Luna II', pet_type: 'Dog' });
  expect((await call(t, owner, 'PUT', apiPaths.modifyAccount, { name: 'Olga Neu' })).statusCode).toBe(200);
  const renamed = await listed(member);
  expect(renamed[0]).toMatchObject({ id: pet.id, owner_name: 'Olga Neu' });

  // Revoked: gone from the list, and the pet answers like a missing one.
  expect((await call(t, owner, 'DELETE', `${apiPaths.household}?member_id=${memberId}`)).statusCode).toBe(
    204,
  );
  expect((await listed(member)).map((p) => p.id)).toEqual([own.id]);
  const former = await call(t, member, 'GET', `${apiPaths.pet}?pet_id=${pet.id}`);
  const missing = await call(t, member, 'GET', `${apiPaths.pet}?pet_id=${crypto.randomUUID()}`);
  expect(former.statusCode).toBe(404);
  expect(former.json()).toEqual(missing.json());
});

test('a last day that passes without a write ends the pet’s place in the kept list', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const member = await t.user();
  await joinHousehold(t, owner, pet.id, member, 'co-owner');
  // The membership ends in 1.5 s (a write: the version rises, and the next read keeps a new answer).
  await t.database.db
    .update(householdMembers)
    .set({ until: sql`now() + interval '1500 milliseconds'` })
    .where(eq(householdMembers.userId, member.id));
  expect((await listed(member)).map((p) => p.id)).toEqual([pet.id]);
  expect((await listed(member)).map((p) => p.id)).toEqual([pet.id]);
  await new Promise((resolve) => setTimeout(resolve, 1_700));
  expect(await listed(member)).toEqual([]);
  expect((await call(t, member, 'GET', `${apiPaths.pet}?pet_id=${pet.id}`)).statusCode).toBe(404);
});

test('a co-owner edits the pet (in its history); only the owner deletes it; a sitter reads and edits nothing', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  const coOwner = await t.user({ name: 'Cora Co' });
  const sitter = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');

  const edited = await call(t, coOwner, 'PUT', `${apiPaths.pet}?id=${pet.id}`, {
    name: 'Mond',
    pet_type: 'Dog',
  });
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Mond', role: 'co-owner' });
  const history = (await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`)).json();
  expect(history.data[0]).toMatchObject({
    actor_name: 'Cora Co',
    action: 'updated',
    entity: 'pet',
    entity_id: pet.id,
  });

  for (const [user, method, body] of [
    [coOwner, 'DELETE', undefined],
    [sitter, 'DELETE', undefined],
    [sitter, 'PUT', { name: 'Nope', pet_type: 'Dog' }],
  ] as const) {
    const refused = await call(t, user, method, `${apiPaths.pet}?id=${pet.id}`, body);
    expect(refused.statusCode, `${method}`).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  const read = await call(t, sitter, 'GET', `${apiPaths.pet}?pet_id=${pet.id}`);
  expect(read.json()).toMatchObject({ name: 'Mond', role: 'sitter' });
  expect((await call(t, owner, 'DELETE', `${apiPaths.pet}?id=${pet.id}`)).statusCode).toBe(204);
  expect(await listed(coOwner)).toEqual([]);
});

test('a shared pet does not count against the member’s pets limit', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const member = await t.user();
  await joinHousehold(t, owner, pet.id, member, 'co-owner');
  expect((await call(t, member, 'POST', apiPaths.pet, { name: 'Mine', pet_type: 'Dog' })).statusCode).toBe(
    201,
  );
});
