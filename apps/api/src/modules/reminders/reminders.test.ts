import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { unzip } from '../../../test/support/documents.ts';
import { joinHousehold } from '../../../test/support/household.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call, rowsOf } from '../../../test/support/pets.ts';
import { sleep } from '../../../test/support/reminders.ts';
import { type ReceivedMail, sentTo } from '../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { QUEUES } from '../../job-registry.ts';
import { sendDueDoseReminders } from './dose-reminders.ts';

// The household's dose reminders (issue 49, point 2): the owner sets a time per slot, each person opts in
// for themselves (in their zone); at the time, everyone opted in who still reaches the pet gets one mail in
// their language naming the time on their clock and the doses not ticked; a ticked slot sends nothing; a
// second sweep, or two at once, never sends a mail twice.

let stopped: Date | null = null;
const t = useTestApp({ clock: () => stopped ?? new Date() });
const at = (iso: string) => {
  stopped = new Date(iso);
  return stopped;
};

async function household() {
  const owner = await t.user({ plan: 'premium', name: 'Olivia Owner' });
  const pet = await addPet(t, owner, { name: `Luna ${Math.random().toString(36).slice(2, 7)}` });
  const coOwner = await t.user({ plan: 'premium', name: 'Cora Co' });
  const sitter = await t.user({ plan: 'premium', name: 'Sam Sit', language: 'de' });
  const coOwnerMembership = await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  await joinHousehold(t, owner, pet.id, sitter, 'sitter');
  return { owner, pet, coOwner, sitter, coOwnerMembership };
}

const reminders = (user: TestUser, petId: string) =>
  call(t, user, 'GET', `${apiPaths.reminders}?pet_id=${petId}`);
const setTimes = (user: TestUser, petId: string, body: Record<string, unknown>) =>
  call(t, user, 'PUT', `${apiPaths.reminderDoseTimes}?pet_id=${petId}`, body);
const optIn = (user: TestUser, petId: string, body: Record<string, unknown>) =>
  call(t, user, 'PUT', `${apiPaths.reminderOptIn}?pet_id=${petId}`, body);

/** The dose reminder sweeps waiting in the queue (no worker runs in this file). */
async function sweepsQueued() {
  const rows = rowsOf<{ count: number | string }>(
    await t.database.db.execute(
      sql`select count(*) as count from pgboss.job where name = ${QUEUES.doseReminders}`,
    ),
  );
  return Number(rows[0]?.count ?? 0);
}

async function medication(owner: TestUser, petId: string, name: string, schedule: number[]) {
  const made = await call(t, owner, 'POST', `${apiPaths.medical}/medication?pet_id=${petId}`, {
    ...medicalBody('medication', { name, taking_schedule: schedule, taking_from: '01.06.2026' }),
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ id: string }>().id;
}

/** The dose reminders about the pet (its household's invitations name it too). */
const doseMails = (pet: { name: string }) => (mail: ReceivedMail) =>
  /dose|gabe/i.test(mail.subject ?? '') && (mail.subject ?? '').includes(pet.name);

/** The dose mails about the pet each address has, after the sink had a moment to take them in. */
async function mailsOf(pet: { name: string }, users: TestUser[]) {
  await sleep(300);
  return Object.fromEntries(
    users.map((user) => [
      user.email,
      t.sink.messages.filter((m) => sentTo(user.email)(m) && doseMails(pet)(m)).map((m) => m.subject),
    ]),
  );
}

test('the owner sets the dose times; everyone sees them and opts in for themselves; others may not set them', async () => {
  const { owner, pet, coOwner, sitter } = await household();
  const stranger = await t.user({ plan: 'premium' });
  const set = await setTimes(owner, pet.id, {
    mornings: '08:00',
    noons: null,
    evenings: '19:30',
    time_zone: 'Europe/Berlin',
  });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json()).toEqual({
    dose_times: { mornings: '08:00', noons: null, evenings: '19:30' },
    dose_time_zone: 'Europe/Berlin',
    opted_in: false,
    may_set_dose_times: true,
  });
  // Saving asks for a sweep at once (a time just past reminds now, not at the next minute).
  expect(await sweepsQueued()).toBeGreaterThan(0);
  const seen = await reminders(sitter, pet.id);
  expect(seen.json()).toMatchObject({
    dose_times: { mornings: '08:00', evenings: '19:30' },
    may_set_dose_times: false,
  });

  // Only the owner sets them; bad input changes nothing.
  for (const member of [coOwner, sitter]) {
    const refused = await setTimes(member, pet.id, { mornings: '07:00', time_zone: 'Europe/Berlin' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  expect((await setTimes(stranger, pet.id, { mornings: '07:00', time_zone: 'UTC' })).statusCode).toBe(404);
  expect((await reminders(stranger, pet.id)).statusCode).toBe(404);
  const bad = await setTimes(owner, pet.id, { mornings: '25:00', evenings: 'x', time_zone: 'Mars/Base' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fields).toEqual({
    mornings: 'Time_Format_Error',
    evenings: 'Time_Format_Error',
    time_zone: 'Time_Zone_Error',
  });
  expect((await reminders(owner, pet.id)).json().dose_times).toEqual({
    mornings: '08:00',
    noons: null,
    evenings: '19:30',
  });

  // Each opts in for themselves: a zone is needed to opt in.
  const noZone = await optIn(sitter, pet.id, { opted_in: true });
  expect(noZone.statusCode).toBe(400);
  expect(noZone.json().fields).toEqual({ time_zone: 'Time_Zone_Error' });
  const sitterIn = await optIn(sitter, pet.id, { opted_in: true, time_zone: 'Europe/Berlin' });
  expect(sitterIn.json().opted_in).toBe(true);
  expect((await reminders(coOwner, pet.id)).json().opted_in).toBe(false);
  expect((await optIn(stranger, pet.id, { opted_in: true, time_zone: 'UTC' })).statusCode).toBe(404);
  // Each one's data export holds what they set: the owner's pet its times, the sitter's opt-in.
  const exported = async (user: TestUser) => {
    const answer = await call(t, user, 'GET', apiPaths.accountExport);
    expect(answer.statusCode).toBe(200);
    const dataJson = (await unzip(answer.rawPayload)).find((entry) => entry.name === 'data.json');
    return JSON.parse(dataJson!.data.toString('utf8'));
  };
  expect((await exported(owner)).pets[0].dose_reminder_times).toEqual([
    { slot: 'mornings', time: '08:00', time_zone: 'Europe/Berlin' },
    { slot: 'evenings', time: '19:30', time_zone: 'Europe/Berlin' },
  ]);
  expect((await exported(sitter)).reminder_opt_ins).toEqual([
    { pet_id: pet.id, time_zone: 'Europe/Berlin', since: expect.any(String) },
  ]);
  expect((await optIn(sitter, pet.id, { opted_in: false })).json().opted_in).toBe(false);
  expect((await reminders(sitter, pet.id)).json().opted_in).toBe(false);
});

test('at the dose time each person opted in gets one mail, in their language, on their clock; a ticked slot sends nothing', async () => {
  const { owner, pet, coOwner, sitter } = await household();
  await medication(owner, pet.id, 'Apoquel', [0, 2]);
  await medication(owner, pet.id, 'Zyrtec', [2]);
  await setTimes(owner, pet.id, { mornings: '08:00', evenings: '19:00', time_zone: 'Europe/Berlin' });
  await optIn(coOwner, pet.id, { opted_in: true, time_zone: 'America/New_York' });
  await optIn(sitter, pet.id, { opted_in: true, time_zone: 'Europe/Berlin' });
  const everyone = [owner, coOwner, sitter];
  const ctx = t.app.ctx;
  try {
    // 16:59 UTC on 15 June: 18:59 in Berlin, nothing due yet.
    expect(await sendDueDoseReminders(ctx, at('2026-06-15T16:59:00Z'))).toBe(0);
    // 17:00 UTC: the evening dose in Berlin (13:00 in New York). Two sweeps at once: one mail each.
    const now = at('2026-06-15T17:00:30Z');
    const [first, second] = await Promise.all([
      sendDueDoseReminders(ctx, now),
      sendDueDoseReminders(ctx, now),
    ]);
    expect(first + second).toBe(2);
    const mails = await mailsOf(pet, everyone);
    expect(mails).toEqual({
      [owner.email]: [],
      [coOwner.email]: [`Petention: evening dose for ${pet.name} due at 13:00`],
      [sitter.email]: [`Petention: Abendgabe für ${pet.name} fällig um 19:00 Uhr`],
    });
    const german = t.sink.messages.find((m) => sentTo(sitter.email)(m) && doseMails(pet)(m));
    expect(german?.text).toContain('• Apoquel');
    expect(german?.text).toContain('• Zyrtec');
    expect(german?.text).toContain('am 15.06.2026 um 19:00 Uhr (Ihre Zeit)');
    // Later sweeps within the hour, and a restart (the same database): nothing more.
    expect(await sendDueDoseReminders(ctx, at('2026-06-15T17:30:00Z'))).toBe(0);
    expect(await mailsOf(pet, everyone)).toEqual(mails);

    // The next morning the sitter ticks Apoquel before 08:00 Berlin: no morning mail (it is the only one).
    at('2026-06-16T05:50:00Z');
    const [morning] = (
      await call(t, sitter, 'GET', `${apiPaths.doses}?pet_id=${pet.id}&date=16.06.2026`)
    ).json<{ medication_id: string; slot: string }[]>();
    const ticked = await call(t, sitter, 'POST', apiPaths.doseCheck, {
      medication_id: morning?.medication_id,
      date: '16.06.2026',
      slot: 'mornings',
    });
    expect(ticked.statusCode, ticked.body).toBe(201);
    expect(await sendDueDoseReminders(ctx, at('2026-06-16T06:00:10Z'))).toBe(0);
    // In the evening only Zyrtec is ticked: the mail names Apoquel alone.
    const evening = (await call(t, owner, 'GET', `${apiPaths.doses}?pet_id=${pet.id}&date=16.06.2026`)).json<
      { medication_id: string; medication_name: string; slot: string }[]
    >();
    const zyrtec = evening.find((d) => d.slot === 'evenings' && d.medication_name === 'Zyrtec');
    at('2026-06-16T16:30:00Z');
    const tickedZyrtec = await call(t, owner, 'POST', apiPaths.doseCheck, {
      medication_id: zyrtec?.medication_id,
      date: '16.06.2026',
      slot: 'evenings',
    });
    expect(tickedZyrtec.statusCode, tickedZyrtec.body).toBe(201);
    await sendDueDoseReminders(ctx, at('2026-06-16T17:00:05Z'));
    await sleep(300);
    const coOwners = t.sink.messages.filter((m) => sentTo(coOwner.email)(m) && doseMails(pet)(m));
    expect(coOwners).toHaveLength(2);
    expect(coOwners[1]?.text).toContain('• Apoquel');
    expect(coOwners[1]?.text).not.toContain('Zyrtec');
  } finally {
    stopped = null;
  }
});

test('a reminder an hour late is not sent; a former member gets none; without an opt-in nothing goes', async () => {
  const { owner, pet, coOwner, sitter } = await household();
  await medication(owner, pet.id, 'Apoquel', [0]);
  await setTimes(owner, pet.id, { mornings: '08:00', time_zone: 'Europe/Berlin' });
  const ctx = t.app.ctx;
  try {
    // No one has opted in (the sweep covers every pet: the earlier tests' too, so this one's mails are counted).
    await sendDueDoseReminders(ctx, at('2026-06-20T06:00:00Z'));
    expect(await mailsOf(pet, [owner, coOwner, sitter])).toEqual({
      [owner.email]: [],
      [coOwner.email]: [],
      [sitter.email]: [],
    });
    await optIn(coOwner, pet.id, { opted_in: true, time_zone: 'Europe/Berlin' });
    await optIn(sitter, pet.id, { opted_in: true, time_zone: 'Europe/Berlin' });
    await optIn(owner, pet.id, { opted_in: true, time_zone: 'Europe/Berlin' });
    // More than an hour after 08:00 Berlin: too late to help.
    await sendDueDoseReminders(ctx, at('2026-06-20T07:01:00Z'));
    expect((await mailsOf(pet, [owner]))[owner.email]).toEqual([]);
    // The sitter leaves; the next day the owner and the co-owner get theirs.
    const household = await call(t, owner, 'GET', `${apiPaths.household}?pet_id=${pet.id}`);
    const membership = household
      .json<{ members: { id: string; name: string }[] }>()
      .members.find((m) => m.name === 'Sam Sit');
    expect(
      (await call(t, sitter, 'DELETE', `${apiPaths.household}?member_id=${membership?.id}`)).statusCode,
    ).toBe(204);
    await sendDueDoseReminders(ctx, at('2026-06-21T06:10:00Z'));
    const mails = await mailsOf(pet, [owner, coOwner, sitter]);
    expect(mails[sitter.email]).toEqual([]);
    expect(mails[owner.email]).toEqual([`Petention: morning dose for ${pet.name} due at 08:00`]);
    expect(mails[coOwner.email]).toHaveLength(1);
  } finally {
    stopped = null;
  }
});
