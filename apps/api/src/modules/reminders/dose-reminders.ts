import { addDaysIso, type DoseSlot, displayTime, isoToDisplayDate, todayIn } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { sendEachOnce } from '../../jobs/reminders.ts';
import { instantToZoned, zonedToInstant } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { doseReminderMail } from '../../mail/templates/dose-reminder.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { doseSlotsOn } from '../doses/dose-days.ts';
import { checksBetween, scheduledMedicationsOf } from '../doses/doses.repo.ts';
import { allDoseTimes, forgetDeliveries, optedInRecipients } from './reminders.repo.ts';

// Dose reminders (issue 49, point 2). A dose's time is the owner's wall-clock time for its slot in the owner's
// zone; the mail goes then to everyone opted in who still reaches the pet, while a dose of that slot and day
// is not ticked. Every minute one sweep (pg-boss's schedule: one job per minute across all processes) looks
// for dose times that have come within the last hour. Each mail is claimed per recipient before it is sent (a
// row of reminder_deliveries, unique), so a second sweep, a second process or a restart sends it never twice;
// a failed send gives its claim back and the next sweep tries again, until the hour is over.

/** A dose time more than this long ago is not reminded of any more (the server was down): too late to help. */
export const DOSE_REMINDER_WINDOW_MS = 60 * 60_000;

/** Claims are kept a week: long after any sweep could still find their dose time. */
const FORGET_DELIVERIES_AFTER_MS = 7 * 24 * 60 * 60_000;

export type DoseRemindersDeps = Pick<AppContext, 'db' | 'mailer' | 'log' | 'clock' | 'brand' | 'publicUrl'>;

/** The dose key a reminder mail is claimed under. */
const reminderOf = (petId: string, day: string, slot: DoseSlot) => `dose:${petId}:${day}:${slot}`;

/** Sends the reminders of the doses due in the last hour at `now`: how many mails went out. */
export async function sendDueDoseReminders(deps: DoseRemindersDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const row of await allDoseTimes(deps.db)) {
    const today = todayIn(row.timeZone, now);
    // Yesterday's too: a dose at 23:30 is still within its hour at 00:10.
    for (const day of [today, addDaysIso(today, -1)]) {
      const dueAt = zonedToInstant(day, row.time, row.timeZone);
      const since = now.getTime() - dueAt.getTime();
      if (since < 0 || since > DOSE_REMINDER_WINDOW_MS) continue;
      sent += await remindOfDoses(deps, { id: row.petId, name: row.petName }, day, row.slot, dueAt, now);
    }
  }
  await forgetDeliveries(deps.db, new Date(now.getTime() - FORGET_DELIVERIES_AFTER_MS));
  return sent;
}

/** The reminder of one pet's slot on one day, to each recipient who has not had it: how many went out. */
async function remindOfDoses(
  deps: DoseRemindersDeps,
  pet: { id: string; name: string },
  day: string,
  slot: DoseSlot,
  dueAt: Date,
  now: Date,
): Promise<number> {
  const [medications, checks] = await Promise.all([
    scheduledMedicationsOf(deps.db, pet.id),
    checksBetween(deps.db, [pet.id], day, day),
  ]);
  const open = medications.filter(
    (medication) =>
      doseSlotsOn(medication, day).includes(slot) &&
      !checks.some((check) => check.medicationId === medication.id && check.slot === slot),
  );
  if (open.length === 0) return 0;
  const mails = (await optedInRecipients(deps.db, pet.id, now)).map((recipient) => {
    const theirs = instantToZoned(dueAt, recipient.timeZone);
    const message = doseReminderMail({
      to: recipient.email,
      name: recipient.name,
      language: mailLanguage(recipient.language),
      brand: deps.brand.displayName,
      pet: pet.name,
      slot,
      date: isoToDisplayDate(theirs.date),
      time: displayTime(theirs.time),
      medications: open.map((medication) => medication.name),
      url: `${deps.publicUrl}${petPath(pet)}`,
    });
    return { userId: recipient.userId, message };
  });
  try {
    const sent = await sendEachOnce(deps, reminderOf(pet.id, day, slot), dueAt, mails);
    if (sent > 0) deps.log.info({ petId: pet.id, day, slot, sent }, 'dose reminders sent');
    return sent;
  } catch {
    // Logged by sendEachOnce; the next sweep sends what is still owed, within the dose's hour, and the other
    // pets are not held up.
    return 0;
  }
}

/** Every minute: the dose reminders that have come due. */
export const doseRemindersJob = defineJob({
  name: 'reminders.doses',
  payload: NO_PAYLOAD,
  schedule: '* * * * *',
  handler: (ctx) => async () => {
    await sendDueDoseReminders(ctx, ctx.clock());
  },
});
