import type { MedicalType } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call, displayDate, jobState, onPlan } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { medicalRecords } from '../../db/schema/medical.ts';

// Medical records in a household (issue 45, point 3): a co-owner adds, edits and deletes the owner's pet's
// records, stored as the owner's (the owner's plan decides, the reminder is the owner's and scheduled as for
// the owner's own), each write in the pet's history under the co-owner's name; a sitter reads and writes
// nothing; anyone else gets the 404 of a missing id; "due soon" has the pets the user is a member of now,
// not those of a membership that has ended.

const t = useTestApp();

const MISSING = '00000000-0000-4000-8000-000000000000';
const LIMIT = { code: 'LIMIT_REACHED', message: 'Medical_Add_Not_Allowed_Text' };

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(medicalRecords).where(eq(medicalRecords.id, id));
  return row;
}

async function household(memberRole: 'co-owner' | 'sitter', ownerPlan = 'premium', memberPlan = 'premium') {
  const owner = await t.user({ plan: ownerPlan });
  const pet = await addPet(t, owner, { name: 'Shared' });
  const member = await t.user({ plan: memberPlan, name: memberRole === 'co-owner' ? 'Cora Co' : 'Sam Sit' });
  const memberId = await joinHousehold(t, owner, pet.id, member, memberRole);
  return { owner, pet, member, memberId };
}

function create(user: TestUser, petId: string, type: MedicalType = 'vaccination', extra: object = {}) {
  return call(t, user, 'POST', `${apiPaths.medical}/${type}?pet_id=${petId}`, medicalBody(type, extra));
}

async function created(user: TestUser, petId: string, type: MedicalType = 'vaccination', extra = {}) {
  const response = await create(user, petId, type, extra);
  if (response.statusCode !== 201) throw new Error(`add ${type}: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

test('a co-owner adds, edits and deletes; the rows are the owner’s; the history names the co-owner', async () => {
  const { owner, pet, member: coOwner } = await household('co-owner');

  const made = await create(coOwner, pet.id);
  expect(made.statusCode).toBe(201);
  const id = made.json<{ id: string }>().id;
  const row = (await storedRow(id))!;
  expect(row.userId).toBe(owner.id);
  // The reminder is scheduled as for a record the owner adds (and mails the owner: the row's user).
  const ownersRow = (await storedRow(await created(owner, pet.id)))!;
  expect(row.reminderAt).not.toBeNull();
  expect(row.reminderAt).toEqual(ownersRow.reminderAt);
  expect(await jobState(t, row.jobId!)).toBe('created');

  const list = await call(t, owner, 'GET', `${apiPaths.petMedicals}?pet_id=${pet.id}`);
  expect(list.json<Array<{ medical_id: string }>>().map((m) => m.medical_id)).toContain(id);

  const edited = await call(
    t,
    coOwner,
    'PUT',
    `${apiPaths.medical}/vaccination?med_id=${id}`,
    medicalBody('vaccination', { name: 'Neu', next_due_date: displayDate(70) }),
  );
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Neu' });
  const moved = (await storedRow(id))!;
  expect(moved.userId).toBe(owner.id);
  expect(await jobState(t, row.jobId!)).toBe('cancelled');
  expect(await jobState(t, moved.jobId!)).toBe('created');

  expect((await call(t, coOwner, 'DELETE', `${apiPaths.medical}?med_id=${id}`)).statusCode).toBe(204);
  expect(await storedRow(id)).toBeUndefined();
  expect(await jobState(t, moved.jobId!)).toBe('cancelled');

  const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`);
  const entries = history.json<{
    data: Array<{ actor_name: string; action: string; entity: string; entity_id: string }>;
  }>().data;
  expect(
    entries
      .filter((e) => e.entity === 'medical' && e.entity_id === id)
      .map((e) => `${e.actor_name} ${e.action}`),
  ).toEqual(['Cora Co deleted', 'Cora Co updated', 'Cora Co created']);
});

test('a sitter reads the records and may change none (403 FORBIDDEN_FOR_ROLE, nothing saved)', async () => {
  const { owner, pet, member: sitter } = await household('sitter');
  const id = await created(owner, pet.id);
  const before = await storedRow(id);

  const list = await call(t, sitter, 'GET', `${apiPaths.petMedicals}?pet_id=${pet.id}`);
  expect(list.statusCode).toBe(200);
  expect(list.json()).toHaveLength(1);
  for (const [method, url, body] of [
    ['POST', `${apiPaths.medical}/vaccination?pet_id=${pet.id}`, medicalBody('vaccination')],
    ['POST', `${apiPaths.medical}/allergy?pet_id=${pet.id}`, medicalBody('allergy')],
    ['PUT', `${apiPaths.medical}/vaccination?med_id=${id}`, medicalBody('vaccination', { name: 'Neu' })],
    ['DELETE', `${apiPaths.medical}?med_id=${id}`, undefined],
  ] as const) {
    const refused = await call(t, sitter, method, url, body);
    expect(refused.statusCode, `${method} ${url}`).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  expect(await storedRow(id)).toEqual(before);
  const after = await call(t, owner, 'GET', `${apiPaths.petMedicals}?pet_id=${pet.id}`);
  expect(after.json()).toEqual(list.json());
});

test('a stranger gets the 404 of a missing id on every call, and changes nothing', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const id = await created(owner, pet.id);
  const before = await storedRow(id);
  const stranger = await t.user({ plan: 'premium' });

  for (const [method, path, query, body] of [
    ['GET', apiPaths.petMedicals, 'pet_id', undefined],
    ['POST', `${apiPaths.medical}/vaccination`, 'pet_id', medicalBody('vaccination')],
    ['PUT', `${apiPaths.medical}/vaccination`, 'med_id', medicalBody('vaccination', { name: 'Neu' })],
    ['DELETE', apiPaths.medical, 'med_id', undefined],
  ] as const) {
    const existing = query === 'pet_id' ? pet.id : id;
    const refused = await call(t, stranger, method, `${path}?${query}=${existing}`, body);
    const missing = await call(t, stranger, method, `${path}?${query}=${MISSING}`, body);
    expect(refused.statusCode, `${method} ${path}`).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  }
  expect(await storedRow(id)).toEqual(before);
  expect((await call(t, stranger, 'GET', `${apiPaths.medicalDueSoon}?time_zone=UTC`)).json()).toEqual([]);
});

test('the owner’s plan decides whether a co-owner may add or edit a record', async () => {
  const { owner, pet, member: coOwner } = await household('co-owner', 'basic');
  const id = await created(owner, pet.id);
  await onPlan(t, owner.id, 'free');
  const before = await storedRow(id);

  const refused = await create(coOwner, pet.id, 'allergy');
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual(LIMIT);
  const edit = await call(
    t,
    coOwner,
    'PUT',
    `${apiPaths.medical}/vaccination?med_id=${id}`,
    medicalBody('vaccination', { name: 'Neu' }),
  );
  expect(edit.statusCode).toBe(403);
  expect(edit.json()).toEqual(LIMIT);
  expect(await storedRow(id)).toEqual(before);
  // Reading and deleting stay possible after the owner's downgrade.
  expect((await call(t, coOwner, 'GET', `${apiPaths.petMedicals}?pet_id=${pet.id}`)).json()).toHaveLength(1);
  expect((await call(t, coOwner, 'DELETE', `${apiPaths.medical}?med_id=${id}`)).statusCode).toBe(204);

  // A co-owner on the free plan adds to the pet of an owner whose plan has medical data.
  const other = await household('co-owner', 'premium', 'free');
  expect((await create(other.member, other.pet.id, 'allergy')).statusCode).toBe(201);
});

test('due soon: the member’s own pets and the shared pet, not after the membership has ended', async () => {
  const { owner, pet, member, memberId } = await household('sitter');
  const sharedId = await created(owner, pet.id, 'vaccination', { next_due_date: displayDate(10) });
  const ownPet = await addPet(t, member, { name: 'Mine' });
  const ownId = await created(member, ownPet.id, 'deworming', { next_due_date: displayDate(5) });

  const dueSoon = async (user: TestUser) =>
    (await call(t, user, 'GET', `${apiPaths.medicalDueSoon}?time_zone=UTC`))
      .json<Array<{ id: string; pet_name: string }>>()
      .map((item) => `${item.id} ${item.pet_name}`);
  expect(await dueSoon(member)).toEqual([`${ownId} Mine`, `${sharedId} Shared`]);
  expect(await dueSoon(owner)).toEqual([`${sharedId} Shared`]);

  // The membership's time is over: gone from "due soon", and the pet's records answer 404.
  await t.database.db
    .update(householdMembers)
    .set({ until: new Date(Date.now() - 60_000) })
    .where(eq(householdMembers.id, memberId));
  expect(await dueSoon(member)).toEqual([`${ownId} Mine`]);
  expect((await call(t, member, 'GET', `${apiPaths.petMedicals}?pet_id=${pet.id}`)).statusCode).toBe(404);

  // A revoked member likewise.
  const { owner: other, pet: otherPet, member: revoked, memberId: revokedId } = await household('co-owner');
  const otherId = await created(other, otherPet.id, 'vaccination', { next_due_date: displayDate(3) });
  expect(await dueSoon(revoked)).toEqual([`${otherId} Shared`]);
  expect((await call(t, other, 'DELETE', `${apiPaths.household}?member_id=${revokedId}`)).statusCode).toBe(
    204,
  );
  expect(await dueSoon(revoked)).toEqual([]);
});
