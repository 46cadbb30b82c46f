import { tmpdir } from 'node:os';
import { addDaysIso, isoToDisplayDate, todayIn } from '@pet/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call, displayDate, jobState } from '../../../test/support/pets.ts';
import {
  jobStart,
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
import { medicalRecords } from '../../db/schema/medical.ts';
import { QUEUES } from '../../job-registry.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { ReminderHandlerOptions } from '../../jobs/reminders.ts';
import { instantToZoned, zonedToInstant } from '../../lib/zoned-time.ts';
import { medicalReminderHandler } from './reminders.ts';

// Long-running (12 s): reminders through the real queue and workers (started first: vitest.config.ts).

// Vaccination and deworming reminders through the real job queue and a real SMTP sink. A reminder is due at
// 09:00 days or weeks ahead; rather than wait for it, a test checks the computed moment and the job's start
// exactly, then moves the queued job's start to now in pg-boss's table (the time passing) and lets the
// workers run it. Each test starts its own workers (pg-boss instances on the same database, as a second API
// process would be) and stops them at its end. Workers poll every 0.5 s.

const t = useTestApp();
const customer = reminderCustomers(t, 'premium');

function startWorker(app: FastifyInstance, options: ReminderHandlerOptions = {}): Promise<Jobs> {
  return startJobWorker(app, { [QUEUES.medicalReminder]: medicalReminderHandler(app.ctx, options) });
}

const mailsFor = (user: TestUser, pet: { name: string }) => reminderMails(t, user, pet);

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(medicalRecords).where(eq(medicalRecords.id, id));
  return row!;
}

/** The time passing: the queued job may start now. */
async function dueNow(jobId: string): Promise<void> {
  await t.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${jobId}`);
}

async function addDue(
  user: TestUser,
  petId: string,
  type: 'vaccination' | 'deworming',
  extra: object = {},
): Promise<{ id: string; reminder_at: string | null }> {
  const response = await call(
    t,
    user,
    'POST',
    `/v1/medical/${type}?pet_id=${petId}`,
    medicalBody(type, extra),
  );
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('vaccination and deworming reminders', () => {
  test('09:00 in the owner’s zone (Pacific/Auckland, not the server’s) the chosen days before; in German', async () => {
    const { user, pet } = await customer('de');
    const zone = 'Pacific/Auckland';
    const dueIso = addDaysIso(todayIn('UTC'), 40);
    const record = await addDue(user, pet.id, 'vaccination', {
      next_due_date: isoToDisplayDate(dueIso),
      reminder_days_before: 10,
      reminder_time_zone: zone,
    });
    const expected = zonedToInstant(addDaysIso(dueIso, -10), '09:00', zone);
    expect(record.reminder_at).toBe(expected.toISOString());
    // On the owner's wall clock: 09:00 on the day ten days before; in UTC the evening of the day before.
    expect(instantToZoned(expected, zone)).toEqual({ date: addDaysIso(dueIso, -10), time: '09:00:00' });
    expect(instantToZoned(expected, 'UTC').date).toBe(addDaysIso(dueIso, -11));
    const row = await storedRow(record.id);
    expect(row.reminderAt?.toISOString()).toBe(expected.toISOString());
    expect((await jobStart(t, row.jobId!))?.toISOString()).toBe(expected.toISOString());

    const worker = await startWorker(t.app);
    try {
      await sleep(1_500);
      expect(mailsFor(user, pet)).toHaveLength(0);
      await dueNow(row.jobId!);
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      expect(mail.subject).toBe(
        `Petention: Erinnerung – Impfung (Rabies) für ${pet.name} fällig am ${isoToDisplayDate(dueIso)}`,
      );
      const text = mail.text ?? '';
      expect(text).toContain('Hallo Mia Owner,');
      expect(text).toContain(`für ${pet.name} eingerichtet haben: Die nächste Impfung ist bald fällig.`);
      expect(text).toContain('Impfstoff: Rabies');
      expect(text).toContain(`Fällig am: ${isoToDisplayDate(dueIso)}`);
      expect(text).toContain(`Zuletzt gegeben: ${displayDate(-300)}`);
      expect(text).toContain('Tierarzt: Dr. Vet');
      expect(text).not.toMatch(/verspätet|geplant/);
      expect(linksIn(mail)).toContain(
        `${t.env.PUBLIC_URL}/pet-details/Bello-${pet.name.split(' ')[1]}/${pet.id}/medical-data/vaccinations`,
      );
      await sleep(1_000);
      expect(mailsFor(user, pet)).toHaveLength(1);
      expect(await jobState(t, row.jobId!)).toBe('completed');
      const item = (await call(t, user, 'GET', `/v1/medical/mypetmedicals?pet_id=${pet.id}`)).json()[0];
      expect(item.medical_reminder_sent_at).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });

  test('an edit moves it: the old job does nothing, one mail at the new moment (America/New_York)', async () => {
    const { user, pet } = await customer();
    const zone = 'America/New_York';
    const record = await addDue(user, pet.id, 'deworming', { reminder_time_zone: zone });
    const first = await storedRow(record.id);
    const newDue = addDaysIso(todayIn('UTC'), 45);
    const edit = await call(t, user, 'PUT', `/v1/medical/deworming?med_id=${record.id}`, {
      ...medicalBody('deworming', { next_due_date: isoToDisplayDate(newDue) }),
      reminder_time_zone: undefined,
    });
    expect(edit.statusCode).toBe(200);
    const expected = zonedToInstant(addDaysIso(newDue, -7), '09:00', zone);
    expect(edit.json().reminder_at).toBe(expected.toISOString());
    const second = await storedRow(record.id);
    expect(await jobState(t, first.jobId!)).toBe('cancelled');
    expect((await jobStart(t, second.jobId!))?.toISOString()).toBe(expected.toISOString());
    // Even a job of the old moment that ran anyway (cancelled too late) finds nothing to send.
    await medicalReminderHandler(t.app.ctx)({
      id: first.jobId!,
      name: QUEUES.medicalReminder,
      data: { recordId: record.id, remindAt: first.reminderAt!.toISOString() },
    } as never);
    await dueNow(second.jobId!);
    const worker = await startWorker(t.app);
    try {
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      expect(mail.subject).toBe(
        `Petention: reminder – deworming (Milbemax) for ${pet.name} due on ${isoToDisplayDate(newDue)}`,
      );
      expect(mail.text).toContain('Product: Milbemax');
      expect(linksIn(mail)).toContain(
        `${t.env.PUBLIC_URL}/pet-details/Bello-${pet.name.split(' ')[1]}/${pet.id}/medical-data/dewormings`,
      );
      await sleep(1_500);
      expect(mailsFor(user, pet)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  test('none after the record, or its pet, is deleted, or the reminder removed', async () => {
    const { user, pet } = await customer();
    const doomedPet = await addPet(t, user, { name: `Rex ${pet.id.slice(0, 8)}` });
    const deleted = await addDue(user, pet.id, 'vaccination');
    const removed = await addDue(user, pet.id, 'deworming');
    const ofPet = await addDue(user, doomedPet.id, 'vaccination');
    const rows = await Promise.all([deleted, removed, ofPet].map((r) => storedRow(r.id)));
    expect((await call(t, user, 'DELETE', `/v1/medical?med_id=${deleted.id}`)).statusCode).toBe(204);
    const edit = await call(t, user, 'PUT', `/v1/medical/deworming?med_id=${removed.id}`, {
      ...medicalBody('deworming'),
      reminder_days_before: null,
    });
    expect(edit.json()).toMatchObject({ reminder_days_before: null, reminder_at: null });
    expect((await call(t, user, 'DELETE', `/v1/pet?id=${doomedPet.id}`)).statusCode).toBe(204);
    for (const row of rows) {
      expect(await jobState(t, row.jobId!)).toBe('cancelled');
      await dueNow(row.jobId!);
    }
    const worker = await startWorker(t.app);
    try {
      // Jobs that ran anyway (a cancel that came too late) find nothing to send either.
      const handler = medicalReminderHandler(t.app.ctx);
      for (const row of rows) {
        await handler({
          id: row.jobId!,
          name: QUEUES.medicalReminder,
          data: { recordId: row.id, remindAt: row.reminderAt!.toISOString() },
        } as never);
      }
      await sleep(2_500);
      expect(mailsFor(user, pet)).toHaveLength(0);
      expect(mailsFor(user, doomedPet)).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });

  test('comes once with two API processes working the queue (and a job run twice)', async () => {
    const { user, pet } = await customer();
    const records = [
      await addDue(user, pet.id, 'vaccination', { name: 'Rabies' }),
      await addDue(user, pet.id, 'vaccination', { name: 'Leptospirosis' }),
      await addDue(user, pet.id, 'deworming'),
    ];
    const rows = await Promise.all(records.map((r) => storedRow(r.id)));
    let second: Database = t.database;
    if (t.database.kind === 'pg') {
      second = await openDatabase({ DATABASE_URL: t.database.connectionString!, DATA_DIR: tmpdir() });
    }
    const other = await buildApp({ env: t.env, database: second, serveWeb: false });
    const workers = [await startWorker(t.app), await startWorker(other)];
    try {
      for (const row of rows) await dueNow(row.jobId!);
      // The same job handed to both processes at once (a retry racing the first run).
      const job = {
        id: rows[0]!.jobId!,
        name: QUEUES.medicalReminder,
        data: { recordId: rows[0]!.id, remindAt: rows[0]!.reminderAt!.toISOString() },
      };
      await Promise.all([
        medicalReminderHandler(t.app.ctx)(job as never),
        medicalReminderHandler(other.ctx)(job as never),
      ]);
      await t.sink.waitFor(() => mailsFor(user, pet).length >= 3, 15_000);
      await sleep(2_000);
      const mails = mailsFor(user, pet);
      expect(mails).toHaveLength(3);
      expect(mails.map((m) => m.subject?.split(' (')[1]?.split(')')[0]).sort()).toEqual([
        'Leptospirosis',
        'Milbemax',
        'Rabies',
      ]);
      for (const row of rows) expect((await storedRow(row.id)).reminderSentAt).not.toBeNull();
    } finally {
      for (const worker of workers) await worker.stop();
      await other.close();
      if (second !== t.database) await second.close();
    }
  });

  test('a reminder that fell due while no worker ran is sent when one starts, marked late', async () => {
    const { user, pet } = await customer();
    const record = await addDue(user, pet.id, 'vaccination', { reminder_time_zone: 'UTC' });
    const row = await storedRow(record.id);
    // Down since an hour before the moment: the row and its job say it was due then.
    const past = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    await t.database.db
      .update(medicalRecords)
      .set({ reminderAt: past })
      .where(eq(medicalRecords.id, record.id));
    await t.database.db.execute(
      sql`update pgboss.job set start_after = ${past.toISOString()}::timestamptz,
          data = jsonb_set(data, '{remindAt}', to_jsonb(${past.toISOString()}::text)) where id = ${row.jobId}`,
    );
    const worker = await startWorker(t.app);
    try {
      const mail = await t.sink.waitFor(reminderFor(pet), 15_000);
      expect(mail.subject).toMatch(/^Petention: late reminder – vaccination \(Rabies\)/);
      const wall = instantToZoned(past, 'UTC');
      expect(mail.text).toContain(
        `This reminder was due on ${isoToDisplayDate(wall.date)} at ${wall.time.slice(0, 5)}`,
      );
    } finally {
      await worker.stop();
    }
  });
});
