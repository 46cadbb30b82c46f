import { apiPaths } from '@pet/shared/paths';
import { expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { unzip } from '../../../test/support/documents.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// The household's dose log (issue 49, point 1): a medication's taking schedule and dates make the doses of a
// day; today is the caller's zone's; anyone who may read the pet sees who gave each; any member (sitters
// too) checks one off once, the first wins and the other learns who did; only the giver undoes it, for 10
// minutes; every check-off and undo is in the pet's history; a stranger gets the 404 of a missing id.

/** The app's clock: real time, or the instant a test stopped it at (`at`). */
let stopped: Date | null = null;
const t = useTestApp({ clock: () => stopped ?? new Date() });
const at = (iso: string) => {
  stopped = new Date(iso);
};
const realTime = () => {
  stopped = null;
};

type Dose = {
  medication_id: string;
  medication_name: string;
  slot: string;
  date: string;
  given_by: string | null;
  given_at: string | null;
  undo_until: string | null;
};

async function household() {
  const owner = await t.user({ plan: 'premium', name: 'Olivia Owner' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  const coOwner = await t.user({ plan: 'premium', name: 'Cora Co' });
  const sitter = await t.user({ plan: 'premium', name: 'Sam Sit' });
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  return { owner, pet, coOwner, sitter };
}

async function medication(
  owner: TestUser,
  petId: string,
  extra: Record<string, unknown>,
  type = 'medication',
) {
  const made = await call(t, owner, 'POST', `${apiPaths.medical}/${type}?pet_id=${petId}`, {
    ...medicalBody(type as 'medication', extra),
  });
  if (made.statusCode !== 201) throw new Error(`add ${type}: ${made.statusCode} ${made.body}`);
  return made.json<{ id: string }>().id;
}

const dosesOf = async (user: TestUser, petId: string, query: string) => {
  const answer = await call(t, user, 'GET', `${apiPaths.doses}?pet_id=${petId}&${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Dose[]>();
};

const check = (user: TestUser, body: Record<string, unknown>) =>
  call(t, user, 'POST', apiPaths.doseCheck, body);
const undo = (user: TestUser, key: { medication_id: string; date: string; slot: string }) =>
  call(t, user, 'DELETE', `${apiPaths.doseCheck}?${new URLSearchParams(key)}`);

test('the schedule and the dates make the day’s doses: by slot, then medication; nothing outside them', async () => {
  realTime();
  const { owner, pet, sitter } = await household();
  const zyrtec = await medication(owner, pet.id, {
    name: 'Zyrtec',
    taking_schedule: [2, 0],
    taking_from: '10.06.2026',
    taking_to: '12.06.2026',
  });
  const apoquel = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [1, 2],
    taking_from: '11.06.2026',
    taking_to: null,
  });
  await medication(owner, pet.id, {
    name: 'Stopped',
    taking_schedule: [0],
    in_use: false,
    taking_from: '01.06.2026',
  });
  await medication(owner, pet.id, { name: 'As needed', taking_schedule: [], taking_from: '01.06.2026' });
  await medication(owner, pet.id, { name: 'Pollen' }, 'allergy');

  const day = (doses: Dose[]) => doses.map((dose) => `${dose.slot} ${dose.medication_name}`);
  expect(day(await dosesOf(sitter, pet.id, 'date=11.06.2026'))).toEqual([
    'mornings Zyrtec',
    'noons Apoquel',
    'evenings Apoquel',
    'evenings Zyrtec',
  ]);
  expect(day(await dosesOf(owner, pet.id, 'date=10.06.2026'))).toEqual([
    'mornings Zyrtec',
    'evenings Zyrtec',
  ]);
  expect(day(await dosesOf(owner, pet.id, 'date=09.06.2026'))).toEqual([]);
  expect(day(await dosesOf(owner, pet.id, 'date=13.06.2026'))).toEqual(['noons Apoquel', 'evenings Apoquel']);
  const [first] = await dosesOf(owner, pet.id, 'date=12.06.2026');
  expect(first).toEqual({
    medication_id: zyrtec,
    medication_name: 'Zyrtec',
    slot: 'mornings',
    date: '12.06.2026',
    given_by: null,
    given_at: null,
    undo_until: null,
  });
  expect(apoquel).toBeTruthy();
});

test('today is the caller’s zone’s: Berlin and New York on either side of their summer-time changes', async () => {
  const { owner, pet } = await household();
  await medication(owner, pet.id, {
    name: 'Start',
    taking_schedule: [0],
    taking_from: '30.03.2026',
    taking_to: null,
  });
  await medication(owner, pet.id, {
    name: 'End',
    taking_schedule: [2],
    taking_from: '01.10.2026',
    taking_to: '31.10.2026',
  });
  const names = async (zone: string) =>
    (await dosesOf(owner, pet.id, `time_zone=${encodeURIComponent(zone)}`)).map(
      (d) => `${d.date} ${d.medication_name}`,
    );
  try {
    // 22:30 UTC on 29 March 2026: Berlin's first summer night (00:30 on the 30th, UTC+2); in New York (summer
    // time since 8 March, UTC-4) still 18:30 on the 29th.
    at('2026-03-29T22:30:00Z');
    expect(await names('Europe/Berlin')).toEqual(['30.03.2026 Start']);
    expect(await names('America/New_York')).toEqual([]);
    // 03:30 UTC on 1 November 2026: Berlin is on winter time (04:30 on the 1st); New York's summer time ends
    // at 06:00 UTC that day: it is 23:30 on 31 October there.
    at('2026-11-01T03:30:00Z');
    expect(await names('Europe/Berlin')).toEqual(['01.11.2026 Start']);
    expect(await names('America/New_York')).toEqual(['31.10.2026 Start', '31.10.2026 End']);
    // Without a zone: Berlin's.
    expect((await dosesOf(owner, pet.id, '')).map((d) => d.date)).toEqual(['01.11.2026']);
  } finally {
    realTime();
  }
});

test('a sitter checks a dose off; everyone sees who and when; a second check-off answers who gave it', async () => {
  realTime();
  const { owner, pet, coOwner, sitter } = await household();
  const id = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [2],
    taking_from: '01.01.2026',
  });
  const key = { medication_id: id, date: '15.06.2026', slot: 'evenings' };
  at('2026-06-15T18:10:00Z');
  try {
    const given = await check(sitter, key);
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      ...key,
      medication_name: 'Apoquel',
      given_by: 'Sam Sit',
      given_at: '2026-06-15T18:10:00.000Z',
      undo_until: '2026-06-15T18:20:00.000Z',
    });
    const [seen] = await dosesOf(owner, pet.id, 'date=15.06.2026');
    expect(seen).toMatchObject({
      given_by: 'Sam Sit',
      given_at: '2026-06-15T18:10:00.000Z',
      undo_until: null,
    });

    const again = await check(coOwner, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'DOSE_ALREADY_GIVEN',
      message: 'Dose_Already_Given_Text',
      fields: { given_by: 'Sam Sit', given_at: '2026-06-15T18:10:00.000Z' },
    });
  } finally {
    realTime();
  }
});

test('two members at once: one check-off wins, the other is told who gave it', async () => {
  realTime();
  const { owner, pet, coOwner, sitter } = await household();
  const id = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [0],
    taking_from: '01.01.2026',
  });
  const key = { medication_id: id, date: '16.06.2026', slot: 'mornings' };
  at('2026-06-16T07:00:00Z');
  try {
    const answers = await Promise.all([check(coOwner, key), check(sitter, key)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const winner = answers.find((a) => a.statusCode === 201)!.json<Dose>().given_by;
    const loser = answers.find((a) => a.statusCode === 409)!.json<{ fields: { given_by: string } }>();
    expect(loser.fields.given_by).toBe(winner);
    const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}&page_size=50`);
    const checks = history
      .json<{ data: { action: string; entity: string }[] }>()
      .data.filter((e) => e.entity === 'dose');
    expect(checks).toHaveLength(1);
  } finally {
    realTime();
  }
});

test('only the giver undoes a check-off, within 10 minutes; each step is in the history', async () => {
  realTime();
  const { owner, pet, coOwner, sitter } = await household();
  const id = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [0, 1],
    taking_from: '01.01.2026',
  });
  const key = { medication_id: id, date: '17.06.2026', slot: 'noons' };
  try {
    at('2026-06-17T10:00:00Z');
    expect((await undo(sitter, key)).statusCode).toBe(404);
    expect((await check(sitter, key)).statusCode).toBe(201);
    const notYours = await undo(coOwner, key);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toMatchObject({
      code: 'DOSE_UNDO_NOT_YOURS',
      message: 'Dose_Undo_Not_Yours_Text',
    });
    at('2026-06-17T10:09:59Z');
    expect((await undo(sitter, key)).statusCode).toBe(204);
    expect((await dosesOf(owner, pet.id, 'date=17.06.2026'))[1]).toMatchObject({
      slot: 'noons',
      given_by: null,
    });

    at('2026-06-17T10:20:00Z');
    expect((await check(sitter, key)).statusCode).toBe(201);
    at('2026-06-17T10:30:01Z');
    const late = await undo(sitter, key);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'DOSE_UNDO_EXPIRED', message: 'Dose_Undo_Expired_Text' });
    expect((await dosesOf(owner, pet.id, 'date=17.06.2026'))[1]).toMatchObject({ given_by: 'Sam Sit' });

    const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}&page_size=50`);
    const doseLines = history
      .json<{ data: { action: string; entity: string; actor_name: string }[] }>()
      .data.filter((entry) => entry.entity === 'dose')
      .map((entry) => `${entry.actor_name} ${entry.action}`);
    expect(doseLines).toEqual(['Sam Sit checked', 'Sam Sit unchecked', 'Sam Sit checked']);

    // The owner's data export holds the log, the giver as a member (who they are is their own data).
    realTime();
    const exported = await call(t, owner, 'GET', apiPaths.accountExport);
    expect(exported.statusCode).toBe(200);
    const dataJson = (await unzip(exported.rawPayload)).find((entry) => entry.name === 'data.json')!;
    const data = JSON.parse(dataJson.data.toString('utf8')) as { pets: { doses: unknown[] }[] };
    expect(data.pets[0]!.doses).toEqual([
      {
        id: expect.any(String),
        medication_id: id,
        date: '17.06.2026',
        slot: 'noons',
        given_by: 'member',
        given_at: '2026-06-17T10:20:00.000Z',
      },
    ]);
  } finally {
    realTime();
  }
});

test('refused and changing nothing: no such dose, a day not yet begun, bad input, strangers', async () => {
  realTime();
  const { owner, pet, sitter } = await household();
  const id = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [0],
    taking_from: '01.01.2026',
  });
  const allergy = await medication(owner, pet.id, { name: 'Pollen' }, 'allergy');
  const stranger = await t.user({ plan: 'premium' });
  try {
    at('2026-06-18T08:00:00Z');
    const notScheduled = await check(sitter, { medication_id: id, date: '18.06.2026', slot: 'evenings' });
    expect(notScheduled.statusCode).toBe(400);
    expect(notScheduled.json().fields).toEqual({ slot: 'Dose_Not_Scheduled_Error' });
    const beforeStart = await check(sitter, { medication_id: id, date: '31.12.2025', slot: 'mornings' });
    expect(beforeStart.json().fields).toEqual({ slot: 'Dose_Not_Scheduled_Error' });
    // 20 June has not begun anywhere at 08:00 UTC on the 18th.
    const future = await check(sitter, { medication_id: id, date: '20.06.2026', slot: 'mornings' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ date: 'Date_In_Future_Error' });
    const malformed = await check(sitter, { medication_id: id, date: '2026-06-18', slot: 'dusk' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { date: 'Date_Format_Error', slot: 'Invalid_Value_Error' },
    });
    // Not a medication with a schedule, a stranger's call, a missing id: the 404 of a missing one.
    const key = { medication_id: id, date: '18.06.2026', slot: 'mornings' };
    expect((await check(sitter, { ...key, medication_id: allergy })).statusCode).toBe(404);
    expect((await check(stranger, key)).statusCode).toBe(404);
    expect((await undo(stranger, key)).statusCode).toBe(404);
    expect(
      (await check(sitter, { ...key, medication_id: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    const strangersRead = await call(
      t,
      stranger,
      'GET',
      `${apiPaths.doses}?pet_id=${pet.id}&date=18.06.2026`,
    );
    expect(strangersRead.statusCode).toBe(404);
    // Nothing was checked off by any of it.
    expect((await dosesOf(owner, pet.id, 'date=18.06.2026'))[0]).toMatchObject({
      given_by: null,
      given_at: null,
    });
  } finally {
    realTime();
  }
});

test('a page of the log: a week of days ending with a date, newest first, each with its check-offs', async () => {
  realTime();
  const { owner, pet, sitter } = await household();
  const id = await medication(owner, pet.id, {
    name: 'Apoquel',
    taking_schedule: [0, 2],
    taking_from: '10.06.2026',
  });
  try {
    at('2026-06-16T19:00:00Z');
    const given = await check(sitter, { medication_id: id, date: '12.06.2026', slot: 'evenings' });
    expect(given.statusCode, given.body).toBe(201);
    const week = await dosesOf(owner, pet.id, 'date=16.06.2026&days=7');
    // 10 to 16 June (nothing before the first day), newest day first, the day's slots in order.
    expect(week.map((d) => `${d.date} ${d.slot}`)).toEqual(
      ['16', '15', '14', '13', '12', '11', '10'].flatMap((day) => [
        `${day}.06.2026 mornings`,
        `${day}.06.2026 evenings`,
      ]),
    );
    expect(week.filter((d) => d.given_by).map((d) => `${d.date} ${d.slot} ${d.given_by}`)).toEqual([
      '12.06.2026 evenings Sam Sit',
    ]);
    // Without a date: the week ending today in the caller's zone.
    expect((await dosesOf(owner, pet.id, 'days=2')).map((d) => d.date)).toEqual([
      '16.06.2026',
      '16.06.2026',
      '15.06.2026',
      '15.06.2026',
    ]);
    for (const days of ['0', '8', 'x', '1.5']) {
      const refused = await call(t, owner, 'GET', `${apiPaths.doses}?pet_id=${pet.id}&days=${days}`);
      expect(refused.statusCode, days).toBe(400);
      expect(refused.json().fields).toEqual({ days: 'Invalid_Value_Error' });
    }
  } finally {
    realTime();
  }
});

test('today’s doses of every pet the caller reaches, by the pet’s name; a former member’s pet is gone', async () => {
  realTime();
  const { owner, pet, sitter } = await household();
  await medication(owner, pet.id, { name: 'Apoquel', taking_schedule: [2], taking_from: '01.06.2026' });
  // The sitter's own pet, with a dose; another pet of theirs without a scheduled medication.
  const own = await addPet(t, sitter, { name: 'Bruno' });
  await medication(sitter, own.id, { name: 'Wormer', taking_schedule: [0], taking_from: '01.06.2026' });
  await addPet(t, sitter, { name: 'Amy' });
  // A stranger's pet with doses that nobody else may see.
  const stranger = await t.user({ plan: 'premium' });
  const strangers = await addPet(t, stranger, { name: 'Aaron' });
  await medication(stranger, strangers.id, {
    name: 'Secret',
    taking_schedule: [0],
    taking_from: '01.06.2026',
  });
  const today = async (user: TestUser, zone = 'Europe/Berlin') => {
    const answer = await call(t, user, 'GET', `${apiPaths.dosesToday}?time_zone=${encodeURIComponent(zone)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer
      .json<{ pet_id: string; pet_name: string; doses: Dose[] }[]>()
      .map(
        (p) => `${p.pet_name}: ${p.doses.map((d) => `${d.date} ${d.slot} ${d.medication_name}`).join(', ')}`,
      );
  };
  try {
    // 23:30 UTC on 20 June: the 21st in Berlin, still the 20th in New York.
    at('2026-06-20T23:30:00Z');
    const given = await check(sitter, {
      medication_id: await medicationIdOf(own.id),
      date: '21.06.2026',
      slot: 'mornings',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(await today(sitter)).toEqual([
      'Bruno: 21.06.2026 mornings Wormer',
      'Luna: 21.06.2026 evenings Apoquel',
    ]);
    expect(await today(sitter, 'America/New_York')).toEqual([
      'Bruno: 20.06.2026 mornings Wormer',
      'Luna: 20.06.2026 evenings Apoquel',
    ]);
    expect(await today(owner)).toEqual(['Luna: 21.06.2026 evenings Apoquel']);
    const sitters = await call(t, sitter, 'GET', `${apiPaths.dosesToday}?time_zone=Europe%2FBerlin`);
    expect(sitters.json()[0].doses[0]).toMatchObject({
      given_by: 'Sam Sit',
      undo_until: '2026-06-20T23:40:00.000Z',
    });
    // The sitter leaves Luna's household: only their own pet is left.
    const members = await call(t, owner, 'GET', `${apiPaths.household}?pet_id=${pet.id}`);
    const membership = members
      .json<{ members: { id: string; name: string }[] }>()
      .members.find((m) => m.name === 'Sam Sit');
    const left = await call(t, sitter, 'DELETE', `${apiPaths.household}?member_id=${membership?.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect(await today(sitter)).toEqual(['Bruno: 21.06.2026 mornings Wormer']);
  } finally {
    realTime();
  }

  async function medicationIdOf(petId: string) {
    const [dose] = await dosesOf(sitter, petId, 'date=21.06.2026');
    return dose?.medication_id as string;
  }
});
