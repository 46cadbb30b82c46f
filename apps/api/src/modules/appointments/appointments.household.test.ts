import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, appointmentBody, call, displayDate, jobState } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { householdMembers } from '../../db/schema/household.ts';

// Appointments in a household (issue 45, point 3): a co-owner adds, edits and deletes the owner's pet's
// appointments, stored as the owner's (the owner's plan decides, the reminder is the owner's and scheduled
// as for the owner's own), each write in the pet's history under the co-owner's name; a sitter reads and
// writes nothing; anyone else gets the 404 of a missing id; the list of all appointments has the pets the
// user is a member of now, not those of a membership that has ended.

const t = useTestApp();

const MISSING = '00000000-0000-4000-8000-000000000000';

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

async function household(memberRole: 'co-owner' | 'sitter', ownerPlan = 'premium') {
  const owner = await t.user({ plan: ownerPlan });
  const pet = await addPet(t, owner, { name: 'Shared' });
  const member = await t.user({ plan: 'premium', name: memberRole === 'co-owner' ? 'Cora Co' : 'Sam Sit' });
  const memberId = await joinHousehold(t, owner, pet.id, member, memberRole);
  return { owner, pet, member, memberId };
}

async function create(user: TestUser, petId: string, body = appointmentBody()) {
  return call(t, user, 'POST', `${apiPaths.appointment}?pet_id=${petId}`, body);
}

test('a co-owner adds, edits and deletes; the rows are the owner’s; the history names the co-owner', async () => {
  const { owner, pet, member: coOwner } = await household('co-owner');
  const body = appointmentBody(9, { reminder_date: displayDate(8), reminder_time: '08:00' });

  const made = await create(coOwner, pet.id, body);
  expect(made.statusCode).toBe(201);
  const id = made.json<{ id: string }>().id;
  expect(made.json()).toMatchObject({ pet_id: pet.id, pet_name: 'Shared', user_id: owner.id });
  const row = (await storedRow(id))!;
  expect(row.userId).toBe(owner.id);
  // The reminder is scheduled as for an appointment the owner adds (and mails the owner: the row's user).
  const ownersRow = (await storedRow((await create(owner, pet.id, body)).json<{ id: string }>().id))!;
  expect(row.reminderAt).toEqual(ownersRow.reminderAt);
  expect(row.jobId).not.toBeNull();
  expect(await jobState(t, row.jobId!)).toBe('created');

  const list = await call(t, owner, 'GET', `${apiPaths.petAppointments}?pet_id=${pet.id}`);
  expect(list.json<Array<{ appointment_id: string }>>().map((a) => a.appointment_id)).toContain(id);

  const edited = await call(
    t,
    coOwner,
    'PUT',
    `${apiPaths.appointment}?appt_id=${id}`,
    appointmentBody(10, { reason: 'Neu', reminder_date: displayDate(9), reminder_time: '08:00' }),
  );
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ reason: 'Neu', user_id: owner.id });
  const moved = (await storedRow(id))!;
  expect(moved.userId).toBe(owner.id);
  expect(await jobState(t, row.jobId!)).toBe('cancelled');
  expect(await jobState(t, moved.jobId!)).toBe('created');

  expect((await call(t, coOwner, 'DELETE', `${apiPaths.appointment}?appt_id=${id}`)).statusCode).toBe(204);
  expect(await storedRow(id)).toBeUndefined();
  expect(await jobState(t, moved.jobId!)).toBe('cancelled');

  const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`);
  const entries = history.json<{
    data: Array<{ actor_name: string; action: string; entity: string; entity_id: string }>;
  }>().data;
  expect(
    entries
      .filter((e) => e.entity === 'appointment' && e.entity_id === id)
      .map((e) => `${e.actor_name} ${e.action}`),
  ).toEqual(['Cora Co deleted', 'Cora Co updated', 'Cora Co created']);
});

test('a sitter reads the appointments and may change none (403 FORBIDDEN_FOR_ROLE, nothing saved)', async () => {
  const { owner, pet, member: sitter } = await household('sitter');
  const id = (await create(owner, pet.id)).json<{ id: string }>().id;
  const before = await storedRow(id);

  const list = await call(t, sitter, 'GET', `${apiPaths.petAppointments}?pet_id=${pet.id}`);
  expect(list.statusCode).toBe(200);
  expect(list.json()).toHaveLength(1);
  const ics = await call(t, sitter, 'GET', `${apiPaths.appointmentIcs}?appt_id=${id}`);
  expect(ics.statusCode).toBe(200);
  expect(ics.body.replace(/\r\n /g, '')).toContain(`UID:${id}@`);

  for (const [method, url, body] of [
    ['POST', `${apiPaths.appointment}?pet_id=${pet.id}`, appointmentBody()],
    ['PUT', `${apiPaths.appointment}?appt_id=${id}`, appointmentBody(8, { reason: 'Neu' })],
    ['DELETE', `${apiPaths.appointment}?appt_id=${id}`, undefined],
  ] as const) {
    const refused = await call(t, sitter, method, url, body);
    expect(refused.statusCode, `${method} ${url}`).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  expect(await storedRow(id)).toEqual(before);
  const after = await call(t, owner, 'GET', `${apiPaths.petAppointments}?pet_id=${pet.id}`);
  expect(after.json()).toEqual(list.json());
});

test('a stranger gets the 404 of a missing id on every call, and changes nothing', async () => {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const id = (await create(owner, pet.id)).json<{ id: string }>().id;
  const before = await storedRow(id);
  const stranger = await t.user({ plan: 'premium' });

  for (const [method, path, query, body] of [
    ['GET', apiPaths.petAppointments, 'pet_id', undefined],
    ['GET', apiPaths.appointmentIcs, 'appt_id', undefined],
    ['POST', apiPaths.appointment, 'pet_id', appointmentBody()],
    ['PUT', apiPaths.appointment, 'appt_id', appointmentBody(8, { reason: 'Neu' })],
    ['DELETE', apiPaths.appointment, 'appt_id', undefined],
  ] as const) {
    const existing = query === 'pet_id' ? pet.id : id;
    const refused = await call(t, stranger, method, `${path}?${query}=${existing}`, body);
    const missing = await call(t, stranger, method, `${path}?${query}=${MISSING}`, body);
    expect(refused.statusCode, `${method} ${path}`).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  }
  expect(await storedRow(id)).toEqual(before);
  const mine = await call(t, stranger, 'GET', apiPaths.myAppointments);
  expect(mine.json()).toEqual([]);
});

test('the owner’s plan decides whether a co-owner may add an appointment', async () => {
  const free = await household('co-owner', 'free');
  const refused = await create(free.member, free.pet.id);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Appointment_Limit_Reached_Message' });
  expect(
    (await call(t, free.owner, 'GET', `${apiPaths.petAppointments}?pet_id=${free.pet.id}`)).json(),
  ).toEqual([]);

  // A co-owner on the free plan adds to the pet of an owner whose plan has appointments.
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  expect((await create(coOwner, pet.id)).statusCode).toBe(201);
});

test('all appointments: the member’s own and the shared pet’s, not after the membership has ended', async () => {
  const { owner, pet, member, memberId } = await household('sitter');
  const sharedId = (await create(owner, pet.id)).json<{ id: string }>().id;
  const ownPet = await addPet(t, member, { name: 'Mine' });
  const ownId = (await create(member, ownPet.id, appointmentBody(3))).json<{ id: string }>().id;

  const listed = async (user: TestUser) =>
    (await call(t, user, 'GET', apiPaths.myAppointments))
      .json<Array<{ appointment_id: string; appointment_pet_name: string }>>()
      .map((a) => `${a.appointment_id} ${a.appointment_pet_name}`);
  expect(await listed(member)).toEqual([`${ownId} Mine`, `${sharedId} Shared`]);
  expect(await listed(owner)).toEqual([`${sharedId} Shared`]);

  // The membership's time is over: gone from the list, and the pet's calls answer 404.
  await t.database.db
    .update(householdMembers)
    .set({ until: new Date(Date.now() - 60_000) })
    .where(eq(householdMembers.id, memberId));
  expect(await listed(member)).toEqual([`${ownId} Mine`]);
  const gone = await call(t, member, 'GET', `${apiPaths.petAppointments}?pet_id=${pet.id}`);
  expect(gone.statusCode).toBe(404);
  expect((await call(t, member, 'GET', `${apiPaths.appointmentIcs}?appt_id=${sharedId}`)).statusCode).toBe(
    404,
  );

  // A revoked member likewise.
  const { owner: other, pet: otherPet, member: revoked, memberId: revokedId } = await household('co-owner');
  const otherId = (await create(other, otherPet.id)).json<{ id: string }>().id;
  expect(await listed(revoked)).toEqual([`${otherId} Shared`]);
  expect((await call(t, other, 'DELETE', `${apiPaths.household}?member_id=${revokedId}`)).statusCode).toBe(
    204,
  );
  expect(await listed(revoked)).toEqual([]);
});
