import { apiPaths } from '@pet/shared/paths';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../test/support/accounts.ts';
import { joinHousehold } from '../../test/support/household.ts';
import { medicalBody } from '../../test/support/medical.ts';
import { addPet, appointmentBody, call, displayDate, wallClock } from '../../test/support/pets.ts';
import { reminderMails, sleep, startJobWorker } from '../../test/support/reminders.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { medicalRecords } from '../db/schema/medical.ts';
import { reminderOptIns } from '../db/schema/reminders.ts';
import { QUEUES } from '../job-registry.ts';
import { zonedToInstant } from '../lib/zoned-time.ts';
import { reminderHandler } from '../modules/appointments/reminders.ts';
import { medicalReminderHandler } from '../modules/medical/reminders.ts';

// Long-running (16 s): reminders through the real queue, a refused mail retried by pg-boss.

// Appointment and vaccination reminders for the pet's household (issue 49, point 3): besides the owner (who
// gets theirs as before), each member opted in who still reaches the pet gets one, in their language, on
// their clock; a member not opted in, a former member (left or removed) and a stranger get none. One mail
// refused by the mail server fails the job; pg-boss's retry sends that one alone, no other twice.

const t = useTestApp();

let owner: TestUser;
let nora: TestUser;
let toni: TestUser;
let nobody: TestUser[];
let pet: { id: string; name: string };

beforeAll(async () => {
  owner = await t.user({ plan: 'premium', name: 'Olivia Owner' });
  pet = await addPet(t, owner, { name: `Luna ${Math.random().toString(36).slice(2, 7)}` });
  nora = await t.user({ plan: 'premium', name: 'Nora York' });
  toni = await t.user({ plan: 'premium', name: 'Toni Tokio', language: 'de' });
  const quiet = await t.user({ plan: 'premium', name: 'Quinn Quiet' });
  const leaver = await t.user({ plan: 'premium', name: 'Lena Left' });
  const removed = await t.user({ plan: 'premium', name: 'Rob Removed' });
  const stranger = await t.user({ plan: 'premium', name: 'Stan Stranger' });
  nobody = [quiet, leaver, removed, stranger];
  await joinHousehold(t, owner, pet.id, nora, 'co-owner');
  await joinHousehold(t, owner, pet.id, toni, 'sitter');
  await joinHousehold(t, owner, pet.id, quiet, 'co-owner');
  const left = await joinHousehold(t, owner, pet.id, leaver, 'sitter');
  const gone = await joinHousehold(t, owner, pet.id, removed, 'sitter');
  const optIn = async (user: TestUser, timeZone: string) => {
    const answer = await call(t, user, 'PUT', `${apiPaths.reminderOptIn}?pet_id=${pet.id}`, {
      opted_in: true,
      time_zone: timeZone,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  await optIn(nora, 'America/New_York');
  await optIn(toni, 'Asia/Tokyo');
  // The owner opted in too: still the owner's one mail, in the record's zone.
  await optIn(owner, 'Asia/Tokyo');
  await optIn(leaver, 'UTC');
  await optIn(removed, 'UTC');
  const leave = await call(t, leaver, 'DELETE', `${apiPaths.household}?member_id=${left}`);
  const remove = await call(t, owner, 'DELETE', `${apiPaths.household}?member_id=${gone}`);
  expect([leave.statusCode, remove.statusCode]).toEqual([204, 204]);
  // No route lets a stranger opt in (404): an opt-in row of one must still send nothing.
  await t.database.db.insert(reminderOptIns).values({ petId: pet.id, userId: stranger.id, timeZone: 'UTC' });
});

/** The reminder mails about the pet each one has had: owner, Nora, Toni, then the four who get none. */
const counts = () => [owner, nora, toni, ...nobody].map((user) => reminderMails(t, user, pet).length);

/** Waits until the mail to `user` about `pet` matching `subject` is in, and a while longer for any repeat. */
async function arrived(user: TestUser, subject: RegExp) {
  const mail = await t.sink.waitFor(
    (m) => reminderMails(t, user, pet).includes(m) && subject.test(m.subject ?? ''),
    20_000,
  );
  await sleep(1_500);
  return mail;
}

function startWorker() {
  return startJobWorker(t.app, {
    [QUEUES.appointmentReminder]: reminderHandler(t.app.ctx),
    [QUEUES.medicalReminder]: medicalReminderHandler(t.app.ctx),
  });
}

describe('reminders for the household (issue 49, point 3)', () => {
  test('an appointment: the owner as before, each member opted in on their clock and in their language; a refused mail retried alone', async () => {
    const at = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000);
    const due = wallClock(at, 'Europe/Berlin');
    const made = await call(
      t,
      owner,
      'POST',
      `/v1/appointment?pet_id=${pet.id}`,
      appointmentBody(3, {
        reminder_time_zone: 'Europe/Berlin',
        reminder_date: due.date,
        reminder_time: due.time,
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    // 09:30 in Berlin three days ahead, on the members' clocks.
    const [dd, mm, yyyy] = displayDate(3).split('.');
    const appointment = zonedToInstant(`${yyyy}-${mm}-${dd}`, '09:30', 'Europe/Berlin');
    const inNewYork = wallClock(appointment, 'America/New_York');
    const inTokyo = wallClock(appointment, 'Asia/Tokyo');
    const refusalsLeft = t.sink.refuse(toni.email, 1);
    const worker = await startWorker();
    try {
      const german = await arrived(toni, /Erinnerung/);
      expect(refusalsLeft()).toBe(0);
      expect(counts()).toEqual([1, 1, 1, 0, 0, 0, 0]);

      const [own] = reminderMails(t, owner, pet);
      expect(own?.subject).toBe(
        `Petention: reminder – Vaccination for ${pet.name} on ${displayDate(3)} at 09:30`,
      );
      expect(own?.text).toContain(`this is the reminder you set for an appointment of ${pet.name}:`);
      expect(own?.text).toContain(`When: ${displayDate(3)} at 09:30 (Europe/Berlin)`);
      expect(own?.text).not.toContain('household');

      const [english] = reminderMails(t, nora, pet);
      const nyTime = inNewYork.time.slice(0, 5);
      expect(english?.subject).toBe(
        `Petention: reminder – Vaccination for ${pet.name} on ${inNewYork.date} at ${nyTime}`,
      );
      const text = english?.text ?? '';
      expect(text).toContain('Hello Nora York,');
      expect(text).toContain(
        `Olivia Owner set this reminder for an appointment of ${pet.name}; you receive it as a member of ${pet.name}'s household:`,
      );
      expect(text).toContain(`When: ${inNewYork.date} at ${nyTime} (America/New_York)`);
      expect(text).toContain('Vet: Dr. Vet');
      expect(text).toContain(`You can turn them off on ${pet.name}'s page.`);
      expect(text).not.toContain('the reminder you set');

      const tokyoTime = inTokyo.time.slice(0, 5);
      expect(german.subject).toBe(
        `Petention: Erinnerung – Impfung für ${pet.name} am ${inTokyo.date} um ${tokyoTime}`,
      );
      expect(german.text).toContain('Hallo Toni Tokio,');
      expect(german.text).toContain(
        `Olivia Owner hat diese Erinnerung für einen Termin von ${pet.name} eingerichtet; Sie erhalten sie als Mitglied des Haushalts von ${pet.name}:`,
      );
      expect(german.text).toContain(`Wann: ${inTokyo.date} um ${tokyoTime} (Asia/Tokyo)`);
      expect(german.text).toContain('Adresse: Hauptstraße 1, 10115 Berlin, Deutschland');
    } finally {
      await worker.stop();
    }
  });

  test('a vaccination (late: the server was down), the same; the owner’s refused mail is retried alone', async () => {
    const before = counts();
    const record = await call(
      t,
      owner,
      'POST',
      `/v1/medical/vaccination?pet_id=${pet.id}`,
      medicalBody('vaccination', { name: 'Leptospirosis', reminder_time_zone: 'Europe/Berlin' }),
    );
    expect(record.statusCode, record.body).toBe(201);
    const { id } = record.json<{ id: string }>();
    // Due an hour ago (on a whole minute, as mails show it): a late mail names it on each one's clock.
    const past = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
    const [row] = await t.database.db
      .update(medicalRecords)
      .set({ reminderAt: past })
      .where(eq(medicalRecords.id, id))
      .returning({ jobId: medicalRecords.jobId });
    await t.database.db.execute(
      sql`update pgboss.job set start_after = ${past.toISOString()}::timestamptz,
          data = jsonb_set(data, '{remindAt}', to_jsonb(${past.toISOString()}::text)) where id = ${row?.jobId}`,
    );
    const refusalsLeft = t.sink.refuse(owner.email, 1);
    const worker = await startWorker();
    try {
      const own = await arrived(owner, /Leptospirosis/);
      expect(refusalsLeft()).toBe(0);
      expect(counts().map((count, i) => count - before[i]!)).toEqual([1, 1, 1, 0, 0, 0, 0]);
      const berlin = wallClock(past, 'Europe/Berlin');
      expect(own.text).toContain(`this is the reminder you set for ${pet.name}: the next vaccination`);
      expect(own.text).toContain(`This reminder was due on ${berlin.date} at ${berlin.time.slice(0, 5)}`);

      const english = reminderMails(t, nora, pet).at(-1);
      const newYork = wallClock(past, 'America/New_York');
      expect(english?.subject).toMatch(/^Petention: late reminder – vaccination \(Leptospirosis\)/);
      expect(english?.text).toContain(
        `Olivia Owner set this reminder for ${pet.name}; you receive it as a member of ${pet.name}'s household: the next vaccination is due soon.`,
      );
      expect(english?.text).toContain(
        `This reminder was due on ${newYork.date} at ${newYork.time.slice(0, 5)}`,
      );
      expect(english?.text).toContain(`You can turn them off on ${pet.name}'s page.`);

      const german = reminderMails(t, toni, pet).at(-1);
      const tokyo = wallClock(past, 'Asia/Tokyo');
      expect(german?.subject).toMatch(/^Petention: verspätete Erinnerung – Impfung \(Leptospirosis\)/);
      expect(german?.text).toContain(
        `Olivia Owner hat diese Erinnerung für ${pet.name} eingerichtet; Sie erhalten sie als Mitglied des Haushalts von ${pet.name}: Die nächste Impfung ist bald fällig.`,
      );
      expect(german?.text).toContain(
        `Diese Erinnerung war für den ${tokyo.date} um ${tokyo.time.slice(0, 5)}`,
      );
      expect(german?.text).toContain(`Fällig am: ${record.json().next_due_date}`);
    } finally {
      await worker.stop();
    }
  });
});
