import { appointmentListItemSchema, appointmentSchema } from '@pet/shared';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import {
  addPet,
  appointmentBody,
  call,
  displayDate,
  jobState,
  wallClock,
} from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { appointments } from '../../db/schema/appointments.ts';

const t = useTestApp();
/** Accounts shared by the tests that need no fresh one (signing up costs seconds on a busy machine). */
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

/** The shared owner and pet (a list test that needs a user of its own signs one up). */
async function owner(): Promise<{ user: TestUser; pet: { id: string; name: string } }> {
  return { user: me, pet: myPet };
}

async function appointmentCount(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.userId, userId));
  return row?.n ?? 0;
}

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/** Moves an appointment into the past, as time passing would. */
async function moveToPast(id: string, days: number) {
  await t.database.db.execute(
    sql`update appointments set appointment_date = current_date - ${days}::int,
        appointment_at = now() - make_interval(days => ${days}) where id = ${id}`,
  );
}

describe('POST /v1/appointment?pet_id=', () => {
  test('201 with the spec’s fields; the pet’s name, not the client’s; the reminder has its job', async () => {
    const { user, pet } = await owner();
    const body = appointmentBody(7, {
      pet_name: 'Somebody else',
      reminder_date: displayDate(6),
      reminder_time: '18:00',
    });
    const response = await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, body, 'cookie');
    expect(response.statusCode).toBe(201);
    const appointment = appointmentSchema.parse(response.json());
    expect(appointment).toMatchObject({
      pet_id: pet.id,
      pet_name: 'Bello Junior',
      appointment_type: 'Vaccination',
      reason: 'Yearly booster',
      appointment_date: displayDate(7),
      appointment_time: '09:30',
      vet_name: 'Dr. Vet',
      address: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 123456',
      email: 'praxis@example.test',
      medication: 'none',
      comments: 'bring the passport',
      vaccination_type: 'Rabies',
      reminder_date: displayDate(6),
      reminder_time: '18:00',
      reminder_time_zone: 'Europe/Berlin',
      reminder_sent_at: null,
      is_upcoming: true,
    });
    const row = await storedRow(appointment.id);
    expect(row?.jobId).toBeTruthy();
    expect(await jobState(t, row!.jobId!)).toBe('created');
    // The spec's job_id (the reminder job) and user_id (the owner) are in the answer.
    expect(appointment.job_id).toBe(row!.jobId);
    expect(appointment.user_id).toBe(user.id);
    // The instants are computed in the zone: 09:30 in Berlin is 07:30 or 08:30 UTC.
    expect([7, 8]).toContain(row!.appointmentAt.getUTCHours());
    expect(row!.appointmentAt.getUTCMinutes()).toBe(30);
  });

  test('without a reminder no job; vaccination_type is cleared for other types; optional fields empty', async () => {
    const { user, pet } = await owner();
    const response = await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, {
      appointment_type: 'Examination',
      reason: 'Limping',
      appointment_date: displayDate(3),
      appointment_time: '14:05',
      vaccination_type: 'Rabies',
      email: '',
      reminder_date: '',
      reminder_time: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      appointment_type: 'Examination',
      vaccination_type: null,
      email: null,
      vet_name: null,
      reminder_date: null,
      reminder_time: null,
      // No zone sent: the default.
      reminder_time_zone: 'Europe/Berlin',
      job_id: null,
      user_id: user.id,
    });
    expect((await storedRow(response.json().id))?.jobId).toBeNull();
  });

  describe('each rule: 400 with the field marked and nothing saved', () => {
    let user: TestUser;
    let pet: { id: string };
    beforeAll(async () => {
      ({ user, pet } = await owner());
    });

    // A zone where it is at least 02:00 now, so "today, an hour ago" is still today.
    const zone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find(
      (z) => wallClock(new Date(), z).hour >= 2,
    )!;
    const hourAgo = wallClock(new Date(Date.now() - 3_600_000), zone);
    const cases: Array<[string, object, string, string]> = [
      ['type missing', { appointment_type: undefined }, 'appointment_type', 'Appointment_Type_Error'],
      ['type unknown', { appointment_type: 'Grooming' }, 'appointment_type', 'Appointment_Type_Error'],
      ['reason missing', { reason: undefined }, 'reason', 'Required_Error'],
      ['reason blank', { reason: '  ' }, 'reason', 'Required_Error'],
      ['date missing', { appointment_date: undefined }, 'appointment_date', 'Required_Error'],
      ['date malformed', { appointment_date: '2030-01-01' }, 'appointment_date', 'Date_Format_Error'],
      ['date impossible', { appointment_date: '30.02.2030' }, 'appointment_date', 'Date_Format_Error'],
      ['date before today', { appointment_date: displayDate(-3) }, 'appointment_date', 'Date_In_Past_Error'],
      ['time missing', { appointment_time: '' }, 'appointment_time', 'Required_Error'],
      ['time past 23:59', { appointment_time: '24:00' }, 'appointment_time', 'Time_Format_Error'],
      ['time not HH:mm', { appointment_time: '9:30' }, 'appointment_time', 'Time_Format_Error'],
      ['time with am/pm', { appointment_time: '09:30 PM' }, 'appointment_time', 'Time_Format_Error'],
      ['e-mail invalid', { email: 'vet@' }, 'email', 'Email_Format_Error'],
      ['reminder date only', { reminder_date: displayDate(2) }, 'reminder_time', 'Required_Error'],
      ['reminder time only', { reminder_time: '08:00' }, 'reminder_date', 'Required_Error'],
      [
        'reminder before today',
        { reminder_date: displayDate(-3), reminder_time: '08:00' },
        'reminder_date',
        'Date_In_Past_Error',
      ],
      [
        'reminder earlier today',
        { reminder_date: hourAgo.date, reminder_time: hourAgo.time.slice(0, 5), reminder_time_zone: zone },
        'reminder_time',
        'Reminder_In_Past_Error',
      ],
      ['zone unknown', { reminder_time_zone: 'Mars/Olympus_Mons' }, 'reminder_time_zone', 'Time_Zone_Error'],
      ['zone an offset', { reminder_time_zone: '+01:00' }, 'reminder_time_zone', 'Time_Zone_Error'],
      ['country a name', { country: 'Germany' }, 'country', 'Invalid_Value_Error'],
      ['reason too long', { reason: 'x'.repeat(501) }, 'reason', 'Max_Length_Error'],
    ];
    test.each(cases)('%s', async (_case, change, field, key) => {
      const before = await appointmentCount(user.id);
      const response = await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, {
        ...appointmentBody(5),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
      expect(await appointmentCount(user.id)).toBe(before);
    });
  });

  test('today is allowed, in the appointment’s zone', async () => {
    const { user, pet } = await owner();
    const now = wallClock(new Date(), 'Pacific/Auckland');
    const response = await call(
      t,
      user,
      'POST',
      `/v1/appointment?pet_id=${pet.id}`,
      appointmentBody(0, { appointment_date: now.date, reminder_time_zone: 'Pacific/Auckland' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().is_upcoming).toBe(true);
  });

  test('the free plan has no appointments: 403 LIMIT_REACHED, nothing saved', async () => {
    const response = await call(t, free, 'POST', `/v1/appointment?pet_id=${freePet.id}`, appointmentBody());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Appointment_Limit_Reached_Message' });
    expect(await appointmentCount(free.id)).toBe(0);
  });

  test('someone else’s pet: 404 and nothing saved', async () => {
    const before = await appointmentCount(me.id);
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'POST', `/v1/appointment?pet_id=${id}`, appointmentBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await appointmentCount(me.id)).toBe(before);
    expect(await appointmentCount(stranger.id)).toBe(0);
  });

  test('400 without pet_id; 401 without a session', async () => {
    const { user } = await owner();
    const response = await call(t, user, 'POST', '/v1/appointment', appointmentBody());
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ pet_id: 'Required_Error' });
    expect((await call(t, null, 'POST', '/v1/appointment?pet_id=x', appointmentBody())).statusCode).toBe(401);
  });
});

describe('GET /v1/appointment/mypetappointments and /myappointments', () => {
  const PREFIXED_KEYS = [
    'appointment_id',
    'appointment_pet_id',
    'appointment_pet_name',
    'appointment_type',
    'appointment_reason',
    'appointment_date',
    'appointment_time',
    'appointment_vet_name',
    'appointment_address',
    'appointment_zip',
    'appointment_city',
    'appointment_country',
    'appointment_phone',
    'appointment_email',
    'appointment_medication',
    'appointment_comments',
    'appointment_vaccination_type',
    'appointment_reminder_date',
    'appointment_reminder_time',
    'appointment_reminder_time_zone',
    'appointment_reminder_sent_at',
    'appointment_created_at',
    'appointment_job_id',
    'appointment_user_id',
    'is_upcoming',
  ];

  test('prefixed names; upcoming soonest first, then past latest first; per pet and for all pets', async () => {
    const user = await t.user({ plan: 'basic' });
    const pet = await addPet(t, user, { name: 'Bello Junior' });
    const other = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
    const add = async (petId: string, days: number, reason: string) =>
      (
        await call(t, user, 'POST', `/v1/appointment?pet_id=${petId}`, appointmentBody(days, { reason }))
      ).json().id as string;
    const inTen = await add(pet.id, 10, 'in ten days');
    const inTwo = await add(pet.id, 2, 'in two days');
    const longAgo = await add(pet.id, 1, 'long ago');
    const recently = await add(pet.id, 1, 'recently');
    const mimi = await add(other.id, 5, 'mimi');
    await moveToPast(longAgo, 30);
    await moveToPast(recently, 3);

    const perPet = await call(t, user, 'GET', `/v1/appointment/mypetappointments?pet_id=${pet.id}`);
    expect(perPet.statusCode).toBe(200);
    const items = perPet.json() as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.appointment_id, i.is_upcoming])).toEqual([
      [inTwo, true],
      [inTen, true],
      [recently, false],
      [longAgo, false],
    ]);
    for (const item of items) {
      appointmentListItemSchema.parse(item);
      expect(Object.keys(item).sort()).toEqual([...PREFIXED_KEYS].sort());
    }
    expect(items[0]).toMatchObject({
      appointment_pet_id: pet.id,
      appointment_pet_name: 'Bello Junior',
      appointment_reason: 'in two days',
      appointment_date: displayDate(2),
      appointment_time: '09:30',
      appointment_vet_name: 'Dr. Vet',
      appointment_vaccination_type: 'Rabies',
      appointment_job_id: null,
      appointment_user_id: user.id,
    });

    const all = await call(t, user, 'GET', '/v1/appointment/myappointments', undefined, 'cookie');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((i: { appointment_id: string }) => i.appointment_id)).toEqual([
      inTwo,
      mimi,
      inTen,
      recently,
      longAgo,
    ]);
  });

  test('another user sees none of them; someone else’s pet id answers 404', async () => {
    const { user, pet } = await owner();
    await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody());
    expect((await call(t, stranger, 'GET', '/v1/appointment/myappointments')).json()).toEqual([]);
    for (const id of [pet.id, 'no-such-pet']) {
      const response = await call(t, stranger, 'GET', `/v1/appointment/mypetappointments?pet_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  test('a free user can still list (empty); 401 without a session', async () => {
    const list = await call(t, free, 'GET', `/v1/appointment/mypetappointments?pet_id=${freePet.id}`);
    expect(list.json()).toEqual([]);
    expect((await call(t, null, 'GET', '/v1/appointment/myappointments')).statusCode).toBe(401);
  });
});

describe('PUT /v1/appointment?appt_id=', () => {
  test('job_id follows the reminder (set, replaced when it moves, null when it goes), in the list too', async () => {
    const { user, pet } = await owner();
    const created = appointmentSchema.parse(
      (
        await call(
          t,
          user,
          'POST',
          `/v1/appointment?pet_id=${pet.id}`,
          appointmentBody(9, { reminder_date: displayDate(8), reminder_time: '08:00' }),
        )
      ).json(),
    );
    expect(created.job_id).toBe((await storedRow(created.id))?.jobId);
    const listed = async () =>
      (
        (await call(t, user, 'GET', `/v1/appointment/mypetappointments?pet_id=${pet.id}`)).json() as Array<{
          appointment_id: string;
          appointment_job_id: string | null;
          appointment_user_id: string;
        }>
      ).find((item) => item.appointment_id === created.id);
    expect(await listed()).toMatchObject({
      appointment_job_id: created.job_id,
      appointment_user_id: user.id,
    });

    const moved = (
      await call(
        t,
        user,
        'PUT',
        `/v1/appointment?appt_id=${created.id}`,
        appointmentBody(9, { reminder_date: displayDate(7), reminder_time: '08:00' }),
      )
    ).json();
    expect(moved.job_id).toBeTruthy();
    expect(moved.job_id).not.toBe(created.job_id);
    expect(moved.job_id).toBe((await storedRow(created.id))?.jobId);
    expect(moved.user_id).toBe(user.id);

    const without = (
      await call(
        t,
        user,
        'PUT',
        `/v1/appointment?appt_id=${created.id}`,
        appointmentBody(9, { reminder_date: null, reminder_time: null }),
      )
    ).json();
    expect(without.job_id).toBeNull();
    expect(await listed()).toMatchObject({ appointment_job_id: null, appointment_user_id: user.id });
  });

  test('saves the new values; the type may stay out; a type change clears vaccination_type', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody())
    ).json();
    const { appointment_type: _type, ...withoutType } = appointmentBody(8, {
      reason: 'Booster',
      comments: '',
    });
    const kept = await call(t, user, 'PUT', `/v1/appointment?appt_id=${created.id}`, withoutType, 'cookie');
    expect(kept.statusCode).toBe(200);
    expect(appointmentSchema.parse(kept.json())).toMatchObject({
      id: created.id,
      appointment_type: 'Vaccination',
      vaccination_type: 'Rabies',
      reason: 'Booster',
      comments: null,
      appointment_date: displayDate(8),
    });
    const changed = await call(t, user, 'PUT', `/v1/appointment?appt_id=${created.id}`, {
      ...withoutType,
      appointment_type: 'Deworming',
    });
    expect(changed.json()).toMatchObject({ appointment_type: 'Deworming', vaccination_type: null });
  });

  test('a past appointment can be corrected while its date stays; moving it into the past is refused', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody(1))
    ).json();
    await moveToPast(created.id, 10);
    const list = (await call(t, user, 'GET', `/v1/appointment/mypetappointments?pet_id=${pet.id}`)).json();
    const past = list.find((i: { appointment_id: string }) => i.appointment_id === created.id);
    expect(past.is_upcoming).toBe(false);
    const corrected = await call(t, user, 'PUT', `/v1/appointment?appt_id=${created.id}`, {
      ...appointmentBody(0, { appointment_date: past.appointment_date }),
      comments: 'it went well',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ comments: 'it went well', is_upcoming: false });
    const moved = await call(t, user, 'PUT', `/v1/appointment?appt_id=${created.id}`, appointmentBody(-3));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ appointment_date: 'Date_In_Past_Error' });
  });

  test('rules of the edit form: 400 with the field marked, appointment unchanged', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody())
    ).json();
    for (const [change, field, key] of [
      [{ reason: '' }, 'reason', 'Required_Error'],
      [{ appointment_time: '7 pm' }, 'appointment_time', 'Time_Format_Error'],
      [{ email: 'nope' }, 'email', 'Email_Format_Error'],
      [{ reminder_date: displayDate(2) }, 'reminder_time', 'Required_Error'],
      [{ appointment_type: 'Bath' }, 'appointment_type', 'Appointment_Type_Error'],
    ] as Array<[object, string, string]>) {
      const response = await call(t, user, 'PUT', `/v1/appointment?appt_id=${created.id}`, {
        ...appointmentBody(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: key });
    }
    expect(await storedRow(created.id)).toMatchObject({
      reason: 'Yearly booster',
      email: 'praxis@example.test',
    });
  });

  test('someone else’s appointment: 404, unchanged', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody())
    ).json();
    for (const id of [created.id, 'no-such-appointment']) {
      const response = await call(t, stranger, 'PUT', `/v1/appointment?appt_id=${id}`, appointmentBody(9));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await storedRow(created.id))?.reason).toBe('Yearly booster');
    expect(
      (await call(t, null, 'PUT', `/v1/appointment?appt_id=${created.id}`, appointmentBody())).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /v1/appointment?appt_id=', () => {
  test('204; the row is gone and its reminder job cancelled', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(
        t,
        user,
        'POST',
        `/v1/appointment?pet_id=${pet.id}`,
        appointmentBody(7, { reminder_date: displayDate(6), reminder_time: '08:00' }),
      )
    ).json();
    const jobId = (await storedRow(created.id))!.jobId!;
    const response = await call(
      t,
      user,
      'DELETE',
      `/v1/appointment?appt_id=${created.id}`,
      undefined,
      'cookie',
    );
    expect(response.statusCode).toBe(204);
    expect(await storedRow(created.id)).toBeUndefined();
    expect(await jobState(t, jobId)).toBe('cancelled');
  });

  test('someone else’s appointment: 404 and nothing deleted', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody())
    ).json();
    for (const id of [created.id, 'no-such-appointment']) {
      const response = await call(t, stranger, 'DELETE', `/v1/appointment?appt_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await storedRow(created.id)).toBeDefined();
    expect((await call(t, null, 'DELETE', `/v1/appointment?appt_id=${created.id}`)).statusCode).toBe(401);
  });
});

describe('GET /v1/appointment/ics?appt_id=', () => {
  test('a valid RFC 5545 file with the event and its alarm, as an attachment', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(
        t,
        user,
        'POST',
        `/v1/appointment?pet_id=${pet.id}`,
        appointmentBody(7, {
          comments: 'Bring: passport, leash; treats\nand the old report',
          reminder_date: displayDate(6),
          reminder_time: '18:00',
        }),
      )
    ).json();
    const row = (await storedRow(created.id))!;
    const response = await call(
      t,
      user,
      'GET',
      `/v1/appointment/ics?appt_id=${created.id}`,
      undefined,
      'cookie',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="appointment-\d{4}-\d{2}-\d{2}-0930\.ics"$/,
    );
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
    expect(unfolded).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
    expect(unfolded).toContain('METHOD:PUBLISH');
    expect(unfolded).toContain(`UID:${created.id}@localhost:3000`);
    expect(unfolded).toContain(`DTSTART:${utc(row.appointmentAt)}`);
    expect(unfolded).toContain('SUMMARY:Vaccination: Bello Junior');
    expect(unfolded).toContain('LOCATION:Dr. Vet\\, Hauptstraße 1\\, 10115 Berlin\\, DE');
    expect(unfolded).toContain('Comments: Bring: passport\\, leash\\; treats\\nand the old report');
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(unfolded).toContain(
      `BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder: Vaccination for Bello Junior\r\nTRIGGER;VALUE=DATE-TIME:${utc(row.reminderAt!)}\r\nEND:VALARM`,
    );
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  test('someone else’s appointment: 404; 401 without a session', async () => {
    const { user, pet } = await owner();
    const created = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody())
    ).json();
    const response = await call(t, stranger, 'GET', `/v1/appointment/ics?appt_id=${created.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await call(t, null, 'GET', `/v1/appointment/ics?appt_id=${created.id}`)).statusCode).toBe(401);
  });
});
