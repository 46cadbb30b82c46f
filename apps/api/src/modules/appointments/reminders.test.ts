import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { appointmentBody, call, displayDate, jobState, wallClock } from '../../../test/support/pets.ts';
import {
  reminderCustomers,
  reminderFor,
  reminderMails,
  sleep,
  startJobWorker,
} from '../../../test/support/reminders.ts';
import { linksIn } from '../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { QUEUES } from '../../job-registry.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { ReminderHandlerOptions } from '../../jobs/reminders.ts';
import { reminderHandler } from './reminders.ts';

// Long-running (31 s): reminders due seconds ahead, through the real queue (started first: vitest.config.ts).

// Reminder mails through the real job queue and a real SMTP sink: on time in the appointment's zone,
// moved by an edit, gone with a delete, once with two workers, and late (and saying so) after downtime.
// Each test starts its own workers (separate pg-boss instances on the same database, as a second API
// process would be) and stops them at its end. Workers poll every 0.5 s.

const t = useTestApp();
const customer = reminderCustomers(t, 'premium-gps');

/** Arrival may lag the due time by polling (0.5 s), SMTP and a busy machine; it may never come early. */
const TOLERANCE_MS = 4_000;

function startWorker(app: FastifyInstance, options: ReminderHandlerOptions = {}): Promise<Jobs> {
  return startJobWorker(app, { [QUEUES.appointmentReminder]: reminderHandler(app.ctx, options) });
}

/** A reminder moment `ms` from now, on whole seconds, as the wall clock of `zone` shows it. */
function dueIn(ms: number, zone: string) {
  const at = new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
  const wall = wallClock(at, zone);
  return { at, date: wall.date, time: wall.time };
}

const mailsFor = (user: TestUser, pet: { name: string }) => reminderMails(t, user, pet);

async function addWithReminder(
  user: TestUser,
  petId: string,
  zone: string,
  due: { date: string; time: string },
) {
  const response = await call(
    t,
    user,
    'POST',
    `/v1/appointment?pet_id=${petId}`,
    appointmentBody(3, { reminder_time_zone: zone, reminder_date: due.date, reminder_time: due.time }),
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('appointment reminders', () => {
  test('arrive at the chosen moment of a zone far from the server’s (Pacific/Auckland), in German', async () => {
    const { user, pet } = await customer('de');
    const zone = 'Pacific/Auckland';
    const due = dueIn(3_000, zone);
    const id = await addWithReminder(user, pet.id, zone, due);
    const worker = await startWorker(t.app);
    try {
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      const arrived = Date.now();
      expect(arrived).toBeGreaterThanOrEqual(due.at.getTime());
      expect(arrived - due.at.getTime()).toBeLessThan(TOLERANCE_MS);
      expect(mail.subject).toBe(
        `Petention: Erinnerung – Impfung für ${pet.name} am ${displayDate(3)} um 09:30`,
      );
      const text = mail.text ?? '';
      expect(text).toContain('Hallo Mia Owner,');
      expect(text).toContain('Termin: Impfung');
      expect(text).toContain(`Wann: ${displayDate(3)} um 09:30 (Pacific/Auckland)`);
      expect(text).toContain('Tierarzt: Dr. Vet');
      expect(text).toContain('Adresse: Hauptstraße 1, 10115 Berlin, Deutschland');
      expect(text).toContain('Impfung: Rabies');
      expect(text).not.toMatch(/verspätet|geplant/);
      expect(linksIn(mail)).toContain(
        `${t.env.PUBLIC_URL}/pet-details/Bello-${pet.name.split(' ')[1]}/${pet.id}/appointments`,
      );
      const item = (
        await call(t, user, 'GET', `/v1/appointment/mypetappointments?pet_id=${pet.id}`)
      ).json()[0];
      expect(item.appointment_id).toBe(id);
      expect(item.appointment_reminder_sent_at).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });

  test('an edit moves it: nothing at the old moment, one mail at the new one (America/New_York)', async () => {
    const { user, pet } = await customer();
    const zone = 'America/New_York';
    const first = dueIn(2_000, zone);
    const id = await addWithReminder(user, pet.id, zone, first);
    const moved = dueIn(5_000, zone);
    const edit = await call(t, user, 'PUT', `/v1/appointment?appt_id=${id}`, {
      ...appointmentBody(3, { reminder_time_zone: zone }),
      reminder_date: moved.date,
      reminder_time: moved.time,
    });
    expect(edit.statusCode).toBe(200);
    const worker = await startWorker(t.app);
    try {
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      const arrived = Date.now();
      expect(arrived).toBeGreaterThanOrEqual(moved.at.getTime());
      expect(arrived - moved.at.getTime()).toBeLessThan(TOLERANCE_MS);
      expect(mail.subject).toBe(
        `Petention: reminder – Vaccination for ${pet.name} on ${displayDate(3)} at 09:30`,
      );
      await sleep(1_500);
      expect(mailsFor(user, pet)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  test('never after the appointment is deleted or its reminder removed', async () => {
    const { user, pet } = await customer();
    const zone = 'Europe/Berlin';
    const due = dueIn(2_000, zone);
    const deleted = await addWithReminder(user, pet.id, zone, due);
    const removed = await addWithReminder(user, pet.id, zone, due);
    expect((await call(t, user, 'DELETE', `/v1/appointment?appt_id=${deleted}`)).statusCode).toBe(204);
    const edit = await call(t, user, 'PUT', `/v1/appointment?appt_id=${removed}`, {
      ...appointmentBody(3, { reminder_time_zone: zone }),
      reminder_date: null,
      reminder_time: null,
    });
    expect(edit.json()).toMatchObject({ reminder_date: null, reminder_time: null });
    const worker = await startWorker(t.app);
    try {
      await sleep(due.at.getTime() - Date.now() + 2_500);
      expect(mailsFor(user, pet)).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });

  test('comes once with two API processes working the queue', async () => {
    const { user, pet } = await customer();
    const zone = 'Asia/Kolkata';
    const due = dueIn(3_000, zone);
    const ids = [
      await addWithReminder(user, pet.id, zone, due),
      await addWithReminder(user, pet.id, zone, due),
      await addWithReminder(user, pet.id, zone, due),
    ];
    // A second process: on PostgreSQL its own connections to the same database; on PGlite (one
    // connection in one process) a second app and job queue sharing it.
    let second: Database = t.database;
    if (t.database.kind === 'pg') {
      second = await openDatabase({ DATABASE_URL: t.database.connectionString!, DATA_DIR: tmpdir() });
    }
    const other = await buildApp({ env: t.env, database: second, serveWeb: false });
    const workers = [await startWorker(t.app), await startWorker(other)];
    try {
      await t.sink.waitFor((m) => reminderFor(pet)(m) && mailsFor(user, pet).length >= 3, 15_000);
      await sleep(2_000);
      expect(mailsFor(user, pet)).toHaveLength(3);
      for (const mail of mailsFor(user, pet)) expect(mail.subject).toContain('reminder – Vaccination');
      const list = (await call(t, user, 'GET', `/v1/appointment/mypetappointments?pet_id=${pet.id}`)).json();
      expect(list.map((i: { appointment_id: string }) => i.appointment_id).sort()).toEqual([...ids].sort());
      for (const item of list) expect(item.appointment_reminder_sent_at).not.toBeNull();
    } finally {
      for (const worker of workers) await worker.stop();
      await other.close();
      if (second !== t.database) await second.close();
    }
  });

  test('a job run again (a retry after the mail went out) sends nothing more', async () => {
    const { user, pet } = await customer();
    const due = dueIn(1_000, 'UTC');
    const id = await addWithReminder(user, pet.id, 'UTC', due);
    await sleep(due.at.getTime() - Date.now() + 50);
    const handler = reminderHandler(t.app.ctx);
    const job = {
      id: 'manual',
      name: QUEUES.appointmentReminder,
      data: { recordId: id, remindAt: due.at.toISOString() },
    };
    await Promise.all([handler(job as never), handler(job as never)]);
    await handler(job as never);
    await t.sink.waitFor(reminderFor(pet), 5_000);
    await sleep(500);
    expect(mailsFor(user, pet)).toHaveLength(1);
  });

  test('a reminder that fell due while no worker ran is sent when one starts, marked late', async () => {
    const { user, pet } = await customer();
    const zone = 'Europe/Berlin';
    const due = dueIn(1_000, zone);
    const id = await addWithReminder(user, pet.id, zone, due);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    const jobId = row!.jobId!;
    // "Down" for a while: no worker runs past the due time.
    await sleep(due.at.getTime() - Date.now() + 3_000);
    expect(mailsFor(user, pet)).toHaveLength(0);
    expect(await jobState(t, jobId)).toBe('created');
    // Back up; late means later than 1 s here (5 minutes in production).
    const worker = await startWorker(t.app, { lateAfterMs: 1_000 });
    try {
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      expect(mail.subject).toBe(
        `Petention: late reminder – Vaccination for ${pet.name} on ${displayDate(3)} at 09:30`,
      );
      expect(mail.text).toContain(
        `This reminder was due on ${due.date} at ${due.time.slice(0, 5)}${due.time.endsWith(':00') ? '' : due.time.slice(5)}`,
      );
      await sleep(1_000);
      expect(await jobState(t, jobId)).toBe('completed');
    } finally {
      await worker.stop();
    }
  });
});
