import {
  addDaysIso,
  DEFAULT_TIME_ZONE,
  MEDICAL_TYPES,
  type MedicalType,
  medicalListItemSchema,
  medicalRecordSchema,
  todayIn,
} from '@pet/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call, displayDate, jobState, onPlan } from '../../../test/support/pets.ts';
import { jobStart } from '../../../test/support/reminders.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { zonedToInstant } from '../../lib/zoned-time.ts';

const t = useTestApp();
let me: TestUser;
let myPet: { id: string; name: string };
let stranger: TestUser;
let strangerPet: { id: string; name: string };
let free: TestUser;
let freePet: { id: string; name: string };
beforeAll(async () => {
  me = await t.user({ plan: 'basic' });
  myPet = await addPet(t, me, { name: 'Bello Junior' });
  stranger = await t.user({ plan: 'basic' });
  strangerPet = await addPet(t, stranger, { name: 'Not mine' });
  free = await t.user();
  freePet = await addPet(t, free);
});

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };
const NOT_ALLOWED = { code: 'LIMIT_REACHED', message: 'Medical_Add_Not_Allowed_Text' };

async function recordCount(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(medicalRecords)
    .where(eq(medicalRecords.userId, userId));
  return row?.n ?? 0;
}

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(medicalRecords).where(eq(medicalRecords.id, id));
  return row;
}

async function add(
  type: MedicalType,
  extra: object = {},
  user: TestUser = me,
  petId: string = myPet.id,
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await call(
    t,
    user,
    'POST',
    `/v1/medical/${type}?pet_id=${petId}`,
    medicalBody(type, extra),
  );
  if (response.statusCode !== 201) throw new Error(`add ${type}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** 09:00 on the wall clock of `zone`, `daysBefore` days before `dueIso`. */
const nineOClock = (dueIso: string, daysBefore: number, zone: string) =>
  zonedToInstant(addDaysIso(dueIso, -daysBefore), '09:00', zone);

describe('POST /v1/medical/{type}?pet_id=', () => {
  test.each(MEDICAL_TYPES)('%s: 201 with the category’s fields, the others null', async (type) => {
    const body = medicalBody(type);
    const response = await call(t, me, 'POST', `/v1/medical/${type}?pet_id=${myPet.id}`, body, 'cookie');
    expect(response.statusCode).toBe(201);
    const record = medicalRecordSchema.parse(response.json());
    const { reminder_days_before: _days, reminder_time_zone: _zone, ...fields } = body;
    expect(record).toMatchObject({
      ...fields,
      pet_id: myPet.id,
      medical_type: type,
      ...(type === 'medication' ? { taking_schedule: [0, 2] } : { taking_schedule: [] }),
      reminder_sent_at: null,
    });
    const unused = Object.keys(record).filter(
      (key) =>
        !(key in body) &&
        ![
          'id',
          'pet_id',
          'created_at',
          'taking_schedule',
          'reminder_at',
          'reminder_sent_at',
          'job_id',
          'user_id',
        ].includes(key),
    );
    for (const key of unused) expect(record[key as keyof typeof record], key).toBeNull();
    const row = await storedRow(record.id);
    expect(row).toMatchObject({ userId: me.id, petId: myPet.id, medicalType: type });
    // The spec's user_id (the owner) and job_id (the reminder's job: vaccination and deworming only).
    expect(record.user_id).toBe(me.id);
    expect(record.job_id).toBe(row!.jobId);
    if (type === 'vaccination' || type === 'deworming') expect(record.job_id).toBeTruthy();
    else expect(record.job_id).toBeNull();
  });

  test('fields of another category are not stored; the schedule is deduplicated and sorted; blanks are null', async () => {
    const allergy = await add('allergy', { surgery_type: 'Implant', dosage: '5 mg', comments: '  ' });
    expect(allergy).toMatchObject({ surgery_type: null, dosage: null, comments: null });
    const medication = await add('medication', { taking_schedule: [2, 1, 2, 0, 1].slice(0, 3) });
    expect(medication.taking_schedule).toEqual([1, 2]);
    const minimal = await call(t, me, 'POST', `/v1/medical/intervention?pet_id=${myPet.id}`, {
      name: 'Chip',
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ name: 'Chip', date: null, surgery_type: null, comments: null });
  });

  test('comments of exactly 100 characters are accepted', async () => {
    const record = await add('disease', { comments: 'x'.repeat(100) });
    expect(record.comments).toHaveLength(100);
  });

  describe('each rule: 400 with the field marked and nothing saved', () => {
    const cases: Array<[string, MedicalType, object, string, string]> = [
      ['name missing', 'allergy', { name: undefined }, 'name', 'Name_Error'],
      ['name blank', 'disease', { name: '   ' }, 'name', 'Name_Error'],
      ['name too long', 'intervention', { name: 'x'.repeat(101) }, 'name', 'Max_Length_Error'],
      ['name missing (vaccination)', 'vaccination', { name: '' }, 'name', 'Name_Error'],
      ['name missing (deworming)', 'deworming', { name: null }, 'name', 'Name_Error'],
      ['name missing (medication)', 'medication', { name: undefined }, 'name', 'Name_Error'],
      ['comments over 100', 'allergy', { comments: 'x'.repeat(101) }, 'comments', 'Max_Length_Error'],
      [
        'comments over 100 (vaccination)',
        'vaccination',
        { comments: 'y'.repeat(101) },
        'comments',
        'Max_Length_Error',
      ],
      ['date malformed', 'allergy', { date: '2024-01-01' }, 'date', 'Date_Format_Error'],
      ['date impossible', 'intervention', { date: '30.02.2024' }, 'date', 'Date_Format_Error'],
      [
        'known since in the future',
        'disease',
        { known_since: displayDate(3) },
        'known_since',
        'Date_In_Future_Error',
      ],
      ['still acute not yes/no', 'allergy', { still_acute: 'yes' }, 'still_acute', 'Invalid_Value_Error'],
      [
        'surgery type unknown',
        'intervention',
        { surgery_type: 'Laser' },
        'surgery_type',
        'Invalid_Value_Error',
      ],
      [
        'schedule value unknown',
        'medication',
        { taking_schedule: [3] },
        'taking_schedule',
        'Invalid_Value_Error',
      ],
      ['prescription not yes/no', 'medication', { prescription: 1 }, 'prescription', 'Invalid_Value_Error'],
      [
        'taking to before taking from',
        'medication',
        { taking_from: displayDate(-5), taking_to: displayDate(-6) },
        'taking_to',
        'Taking_To_Before_From_Error',
      ],
      [
        'next due before the date given',
        'vaccination',
        { date: displayDate(-5), next_due_date: displayDate(-6) },
        'next_due_date',
        'Next_Due_Before_Given_Error',
      ],
      [
        'a reminder without a due date',
        'deworming',
        { next_due_date: null, reminder_days_before: 3 },
        'next_due_date',
        'Required_Error',
      ],
      ['given in the future', 'vaccination', { date: displayDate(3) }, 'date', 'Date_In_Future_Error'],
      [
        'reminder days over a year',
        'vaccination',
        { reminder_days_before: 366 },
        'reminder_days_before',
        'Invalid_Value_Error',
      ],
      [
        'reminder days negative',
        'deworming',
        { reminder_days_before: -1 },
        'reminder_days_before',
        'Invalid_Value_Error',
      ],
      [
        'reminder days a fraction',
        'vaccination',
        { reminder_days_before: 1.5 },
        'reminder_days_before',
        'Invalid_Value_Error',
      ],
      [
        'zone unknown',
        'vaccination',
        { reminder_time_zone: 'Mars/Olympus_Mons' },
        'reminder_time_zone',
        'Time_Zone_Error',
      ],
      [
        'batch number too long',
        'vaccination',
        { batch_number: 'x'.repeat(41) },
        'batch_number',
        'Max_Length_Error',
      ],
      [
        'category not the path’s',
        'allergy',
        { medical_type: 'disease' },
        'medical_type',
        'Invalid_Value_Error',
      ],
      [
        'category unknown',
        'vaccination',
        { medical_type: 'laboratory' },
        'medical_type',
        'Invalid_Value_Error',
      ],
    ];
    test.each(cases)('%s', async (_case, type, change, field, key) => {
      const before = await recordCount(me.id);
      const response = await call(t, me, 'POST', `/v1/medical/${type}?pet_id=${myPet.id}`, {
        ...medicalBody(type),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
      expect(await recordCount(me.id)).toBe(before);
    });
  });

  test('the free plan has no medical data: 403 LIMIT_REACHED on every category, nothing saved', async () => {
    for (const type of MEDICAL_TYPES) {
      const response = await call(
        t,
        free,
        'POST',
        `/v1/medical/${type}?pet_id=${freePet.id}`,
        medicalBody(type),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(NOT_ALLOWED);
    }
    expect(await recordCount(free.id)).toBe(0);
  });

  test('someone else’s pet or a missing one: 404 and nothing saved; 400 without pet_id; 401 without a session', async () => {
    const before = await recordCount(me.id);
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'POST', `/v1/medical/allergy?pet_id=${id}`, medicalBody('allergy'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await recordCount(me.id)).toBe(before);
    expect(await recordCount(stranger.id)).toBe(0);
    const noPet = await call(t, me, 'POST', '/v1/medical/allergy', medicalBody('allergy'));
    expect(noPet.statusCode).toBe(400);
    expect(noPet.json().fields).toEqual({ pet_id: 'Required_Error' });
    const anonymous = await call(
      t,
      null,
      'POST',
      `/v1/medical/allergy?pet_id=${myPet.id}`,
      medicalBody('allergy'),
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the reminder of a vaccination or deworming', () => {
  test('09:00 in the record’s zone (not the server’s), the chosen days before the due date; its job starts then', async () => {
    const zone = 'America/Los_Angeles';
    const record = await add('vaccination', { reminder_time_zone: zone, reminder_days_before: 10 });
    const due = addDaysIso(todayIn('UTC'), 65);
    const expected = nineOClock(due, 10, zone);
    expect(record).toMatchObject({
      reminder_days_before: 10,
      reminder_time_zone: zone,
      reminder_at: expected.toISOString(),
    });
    // 09:00 in Los Angeles is 16:00 or 17:00 UTC.
    expect([16, 17]).toContain(expected.getUTCHours());
    const row = (await storedRow(record.id))!;
    expect(await jobState(t, row.jobId!)).toBe('created');
    expect((await jobStart(t, row.jobId!))?.toISOString()).toBe(expected.toISOString());
  });

  test('absent days: the default (14); absent zone: the default zone; null days: no reminder', async () => {
    const byDefault = await add('deworming', {
      reminder_days_before: undefined,
      reminder_time_zone: undefined,
    });
    expect(byDefault).toMatchObject({
      reminder_days_before: 14,
      reminder_time_zone: DEFAULT_TIME_ZONE,
      reminder_at: nineOClock(addDaysIso(todayIn('UTC'), 30), 14, DEFAULT_TIME_ZONE).toISOString(),
    });
    const none = await add('vaccination', { reminder_days_before: null });
    expect(none).toMatchObject({ reminder_days_before: null, reminder_at: null });
    expect((await storedRow(none.id))?.jobId).toBeNull();
    const noDue = await add('vaccination', { next_due_date: null, reminder_days_before: undefined });
    expect(noDue).toMatchObject({ next_due_date: null, reminder_days_before: null, reminder_at: null });
  });

  test('a reminder moment already past when saved gets no job (the due date itself is kept)', async () => {
    const record = await add('vaccination', { next_due_date: displayDate(5), reminder_days_before: 14 });
    expect(record).toMatchObject({
      next_due_date: displayDate(5),
      reminder_days_before: 14,
      reminder_at: null,
    });
    expect((await storedRow(record.id))?.jobId).toBeNull();
    const overdue = await add('deworming', { date: displayDate(-90), next_due_date: displayDate(-3) });
    expect(overdue.reminder_at).toBeNull();
  });

  test('an edit moves it (new job, old one cancelled), keeps it when it stays, absent days keep the stored value', async () => {
    const zone = 'Asia/Tokyo';
    const record = await add('vaccination', { reminder_time_zone: zone, reminder_days_before: 7 });
    const first = (await storedRow(record.id))!;
    // Absent days and zone: the stored ones; the moment stays, so does the job.
    const same = await call(t, me, 'PUT', `/v1/medical/vaccination?med_id=${record.id}`, {
      ...medicalBody('vaccination', { comments: 'edited' }),
      reminder_days_before: undefined,
      reminder_time_zone: undefined,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      comments: 'edited',
      reminder_days_before: 7,
      reminder_time_zone: zone,
    });
    expect((await storedRow(record.id))?.jobId).toBe(first.jobId);
    expect(same.json().job_id).toBe(first.jobId);
    // A new due date moves it.
    const moved = await call(t, me, 'PUT', `/v1/medical/vaccination?med_id=${record.id}`, {
      ...medicalBody('vaccination', { next_due_date: displayDate(100) }),
      reminder_days_before: undefined,
      reminder_time_zone: undefined,
    });
    const expected = nineOClock(addDaysIso(todayIn('UTC'), 100), 7, zone);
    expect(moved.json().reminder_at).toBe(expected.toISOString());
    const second = (await storedRow(record.id))!;
    expect(second.jobId).not.toBe(first.jobId);
    expect(moved.json().job_id).toBe(second.jobId);
    expect(await jobState(t, first.jobId!)).toBe('cancelled');
    expect((await jobStart(t, second.jobId!))?.toISOString()).toBe(expected.toISOString());
    // Removing it cancels the job.
    const removed = await call(t, me, 'PUT', `/v1/medical/vaccination?med_id=${record.id}`, {
      ...medicalBody('vaccination'),
      reminder_days_before: null,
    });
    expect(removed.json()).toMatchObject({ reminder_days_before: null, reminder_at: null, job_id: null });
    expect((await storedRow(record.id))?.jobId).toBeNull();
    expect(await jobState(t, second.jobId!)).toBe('cancelled');
  });

  test('a due date added by an edit without days gets the default reminder', async () => {
    const record = await add('deworming', { next_due_date: null, reminder_days_before: undefined });
    const edited = await call(t, me, 'PUT', `/v1/medical/deworming?med_id=${record.id}`, {
      ...medicalBody('deworming', { next_due_date: displayDate(50) }),
      reminder_days_before: undefined,
    });
    expect(edited.json()).toMatchObject({ reminder_days_before: 14, next_due_date: displayDate(50) });
    expect(edited.json().reminder_at).not.toBeNull();
  });

  test('the other categories have no reminder, zone or due date', async () => {
    const record = await add('medication', { next_due_date: displayDate(40), reminder_days_before: 3 });
    expect(record).toMatchObject({
      next_due_date: null,
      reminder_days_before: null,
      reminder_time_zone: null,
      reminder_at: null,
    });
  });
});

describe('GET /v1/medical/mypetmedicals?pet_id=', () => {
  test('every name with the prefix; newest date first, undated by when added; only this pet’s', async () => {
    const user = await t.user({ plan: 'premium' });
    const pet = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
    const other = await addPet(t, user, { name: 'Rex' });
    const old = await add('allergy', { date: displayDate(-50) }, user, pet.id);
    const recent = await add('vaccination', { date: displayDate(-2) }, user, pet.id);
    const undatedFirst = await add('intervention', { date: null }, user, pet.id);
    const middle = await add('medication', { date: displayDate(-10) }, user, pet.id);
    const undatedSecond = await add('disease', { date: null }, user, pet.id);
    await add('deworming', {}, user, other.id);
    // Undated records count for the day they were added (today), newest added first.
    const response = await call(
      t,
      user,
      'GET',
      `/v1/medical/mypetmedicals?pet_id=${pet.id}`,
      undefined,
      'cookie',
    );
    expect(response.statusCode).toBe(200);
    const items = response.json() as Array<Record<string, unknown>>;
    expect(items.map((i) => i.medical_id)).toEqual([
      undatedSecond.id,
      undatedFirst.id,
      recent.id,
      middle.id,
      old.id,
    ]);
    for (const item of items) {
      medicalListItemSchema.parse(item);
      for (const key of Object.keys(item)) expect(key.startsWith('medical_')).toBe(true);
    }
    expect(items.find((i) => i.medical_id === recent.id)).toMatchObject({
      medical_type: 'vaccination',
      medical_name: 'Rabies',
      medical_pet_id: pet.id,
      medical_date: displayDate(-2),
      medical_next_due_date: displayDate(65),
      medical_batch_number: 'RB-2024-17',
      medical_user_id: user.id,
    });
    expect(items.find((i) => i.medical_id === recent.id)?.medical_job_id).toBeTruthy();
    expect(items.find((i) => i.medical_id === old.id)).toMatchObject({
      medical_job_id: null,
      medical_user_id: user.id,
    });
  });

  test('someone else’s pet or a missing one: 404; a free user reads (empty); 401 without a session', async () => {
    for (const id of [myPet.id, 'no-such-pet']) {
      const response = await call(t, stranger, 'GET', `/v1/medical/mypetmedicals?pet_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    const list = await call(t, free, 'GET', `/v1/medical/mypetmedicals?pet_id=${freePet.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect((await call(t, null, 'GET', `/v1/medical/mypetmedicals?pet_id=${myPet.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /v1/medical/{type}?med_id=', () => {
  test.each(MEDICAL_TYPES)('%s: 200 with the new values; fields left out are cleared', async (type) => {
    const record = await add(type);
    const response = await call(
      t,
      me,
      'PUT',
      `/v1/medical/${type}?med_id=${record.id}`,
      { name: 'Changed', comments: 'new', medical_type: type },
      'cookie',
    );
    expect(response.statusCode).toBe(200);
    const edited = medicalRecordSchema.parse(response.json());
    expect(edited).toMatchObject({
      id: record.id,
      pet_id: myPet.id,
      medical_type: type,
      name: 'Changed',
      comments: 'new',
      date: null,
      executing_person: null,
      created_at: record.created_at,
    });
  });

  test('a record of another category answers 404, like a missing one, and stays unchanged', async () => {
    const record = await add('allergy');
    const response = await call(
      t,
      me,
      'PUT',
      `/v1/medical/disease?med_id=${record.id}`,
      medicalBody('disease'),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await storedRow(record.id))?.name).toBe('Pollen');
  });

  test('the rules of the edit form: 400 with the field marked, the record unchanged', async () => {
    const record = await add('medication');
    for (const [change, field, key] of [
      [{ name: '' }, 'name', 'Name_Error'],
      [{ comments: 'z'.repeat(101) }, 'comments', 'Max_Length_Error'],
      [
        { taking_from: displayDate(1), taking_to: displayDate(0) },
        'taking_to',
        'Taking_To_Before_From_Error',
      ],
      [{ medical_type: 'allergy' }, 'medical_type', 'Invalid_Value_Error'],
    ] as Array<[object, string, string]>) {
      const response = await call(t, me, 'PUT', `/v1/medical/medication?med_id=${record.id}`, {
        ...medicalBody('medication'),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: key });
    }
    const vaccination = await add('vaccination');
    const early = await call(t, me, 'PUT', `/v1/medical/vaccination?med_id=${vaccination.id}`, {
      ...medicalBody('vaccination'),
      next_due_date: displayDate(-400),
    });
    expect(early.json().fields).toEqual({ next_due_date: 'Next_Due_Before_Given_Error' });
    expect(await storedRow(record.id)).toMatchObject({ name: 'Apoquel', comments: 'with food' });
  });

  test('someone else’s record or a missing one: 404, unchanged; 401 without a session', async () => {
    const record = await add('allergy');
    for (const id of [record.id, 'no-such-record']) {
      const response = await call(t, stranger, 'PUT', `/v1/medical/allergy?med_id=${id}`, {
        ...medicalBody('allergy'),
        name: 'Hacked',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await storedRow(record.id))?.name).toBe('Pollen');
    expect(
      (await call(t, null, 'PUT', `/v1/medical/allergy?med_id=${record.id}`, medicalBody('allergy')))
        .statusCode,
    ).toBe(401);
  });
});

describe('after a downgrade to the free plan', () => {
  test('adding and editing answer 403 LIMIT_REACHED; reading and deleting still work', async () => {
    const user = await t.user({ plan: 'basic' });
    const pet = await addPet(t, user);
    const kept = await add('vaccination', {}, user, pet.id);
    const deleted = await add('allergy', {}, user, pet.id);
    await onPlan(t, user.id, 'free');
    const adding = await call(
      t,
      user,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      medicalBody('allergy'),
    );
    expect(adding.statusCode).toBe(403);
    expect(adding.json()).toEqual(NOT_ALLOWED);
    const editing = await call(t, user, 'PUT', `/v1/medical/vaccination?med_id=${kept.id}`, {
      ...medicalBody('vaccination'),
      name: 'Changed',
    });
    expect(editing.statusCode).toBe(403);
    expect(editing.json()).toEqual(NOT_ALLOWED);
    expect((await storedRow(kept.id))?.name).toBe('Rabies');
    const list = await call(t, user, 'GET', `/v1/medical/mypetmedicals?pet_id=${pet.id}`);
    expect(list.json()).toHaveLength(2);
    expect((await call(t, user, 'DELETE', `/v1/medical?med_id=${deleted.id}`)).statusCode).toBe(204);
    expect(await recordCount(user.id)).toBe(1);
  });
});

describe('DELETE /v1/medical?med_id=', () => {
  test('204; the row is gone and its reminder job cancelled', async () => {
    const record = await add('vaccination');
    const jobId = (await storedRow(record.id))!.jobId!;
    const response = await call(t, me, 'DELETE', `/v1/medical?med_id=${record.id}`, undefined, 'cookie');
    expect(response.statusCode).toBe(204);
    expect(await storedRow(record.id)).toBeUndefined();
    expect(await jobState(t, jobId)).toBe('cancelled');
    expect((await call(t, me, 'DELETE', `/v1/medical?med_id=${record.id}`)).statusCode).toBe(404);
  });

  test('someone else’s record or a missing one: 404 and nothing deleted; 401 without a session', async () => {
    const record = await add('deworming');
    for (const id of [record.id, 'no-such-record']) {
      const response = await call(t, stranger, 'DELETE', `/v1/medical?med_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await storedRow(record.id)).toBeDefined();
    expect(await jobState(t, (await storedRow(record.id))!.jobId!)).toBe('created');
    expect((await call(t, null, 'DELETE', `/v1/medical?med_id=${record.id}`)).statusCode).toBe(401);
  });
});

describe('GET /v1/medical/duesoon?time_zone=', () => {
  test('due dates within 30 days either side, all pets, soonest first, without replaced records', async () => {
    const user = await t.user({ plan: 'premium' });
    const bello = await addPet(t, user, { name: 'Bello' });
    const mimi = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
    const dose = (type: MedicalType, petId: string, name: string, given: number, due: number | null) =>
      add(
        type,
        {
          name,
          date: displayDate(given),
          next_due_date: due === null ? null : displayDate(due),
          reminder_days_before: due === null ? null : 14,
        },
        user,
        petId,
      );
    const inTen = await dose('vaccination', bello.id, 'Rabies', -355, 10);
    const overdue = await dose('deworming', mimi.id, 'Milbemax', -95, -5);
    const edgeAhead = await dose('vaccination', mimi.id, 'Leukosis', -300, 30);
    const edgeBehind = await dose('deworming', bello.id, 'Drontal', -120, -30);
    await dose('vaccination', bello.id, 'Lepto', -300, 31);
    await dose('deworming', mimi.id, 'Profender', -300, -31);
    // Mimi's rabies shot was due in three days, but the next one was given yesterday: replaced.
    await dose('vaccination', mimi.id, 'Rabies', -362, 3);
    await dose('vaccination', mimi.id, 'rabies ', -1, 364);
    // Bello's distemper shot: the later record has no due date (the last one), so nothing is due.
    await dose('vaccination', bello.id, 'Distemper', -700, 2);
    await dose('vaccination', bello.id, 'Distemper', -1, null);
    await add('allergy', {}, user, bello.id);
    await add('vaccination', { next_due_date: displayDate(4) }, stranger, strangerPet.id);

    const response = await call(t, user, 'GET', '/v1/medical/duesoon?time_zone=UTC', undefined, 'cookie');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: edgeBehind.id,
        pet_id: bello.id,
        pet_name: 'Bello',
        medical_type: 'deworming',
        name: 'Drontal',
        next_due_date: displayDate(-30),
        days_left: -30,
      },
      {
        id: overdue.id,
        pet_id: mimi.id,
        pet_name: 'Mimi',
        medical_type: 'deworming',
        name: 'Milbemax',
        next_due_date: displayDate(-5),
        days_left: -5,
      },
      {
        id: inTen.id,
        pet_id: bello.id,
        pet_name: 'Bello',
        medical_type: 'vaccination',
        name: 'Rabies',
        next_due_date: displayDate(10),
        days_left: 10,
      },
      {
        id: edgeAhead.id,
        pet_id: mimi.id,
        pet_name: 'Mimi',
        medical_type: 'vaccination',
        name: 'Leukosis',
        next_due_date: displayDate(30),
        days_left: 30,
      },
    ]);
    // Without a zone: the default one; "today" moves with the owner's zone.
    expect((await call(t, user, 'GET', '/v1/medical/duesoon')).statusCode).toBe(200);
  });

  test('an unknown zone is 400; a free user reads; 401 without a session', async () => {
    const bad = await call(t, me, 'GET', '/v1/medical/duesoon?time_zone=Mars/Base');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ time_zone: 'Time_Zone_Error' });
    expect((await call(t, free, 'GET', '/v1/medical/duesoon')).json()).toEqual([]);
    expect((await call(t, null, 'GET', '/v1/medical/duesoon')).statusCode).toBe(401);
  });
});

describe('deleting a pet', () => {
  test('removes its medical records and cancels their reminder jobs (and its appointments’)', async () => {
    const user = await t.user({ plan: 'basic' });
    const pet = await addPet(t, user);
    const keep = await addPet(t, user, { name: 'Stays' });
    const vaccination = await add('vaccination', {}, user, pet.id);
    const deworming = await add('deworming', {}, user, pet.id);
    await add('allergy', {}, user, pet.id);
    const other = await add('vaccination', {}, user, keep.id);
    const jobs = await Promise.all(
      [vaccination, deworming].map(async (r) => (await storedRow(r.id))!.jobId!),
    );
    const otherJob = (await storedRow(other.id))!.jobId!;
    expect((await call(t, user, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBe(204);
    expect(await recordCount(user.id)).toBe(1);
    for (const jobId of jobs) expect(await jobState(t, jobId)).toBe('cancelled');
    expect(await jobState(t, otherJob)).toBe('created');
  });
});
