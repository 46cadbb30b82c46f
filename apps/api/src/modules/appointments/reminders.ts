import { displayTime, isoToDisplayDate } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import { defineJob } from '../../jobs/define-job.ts';
import { type ReminderHandlerOptions, reminderPayload, reminderWorker } from '../../jobs/reminders.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import {
  appointmentReminderMail,
  type ReminderMailInput,
} from '../../mail/templates/appointment-reminder.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { appointmentReminderClaims, type ReminderDetails, reminderDetails } from './appointments.repo.ts';

// The worker of the appointment reminder queue: the send-once guarantee is jobs/reminders.ts's; this reads
// the appointment and writes its mail.

function addressLine(details: ReminderDetails, language: string): string | null {
  const a = details.appointment;
  let country = a.country;
  if (country) {
    try {
      country = new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown code stays as it is.
    }
  }
  const place = [a.zip, a.city].filter(Boolean).join(' ');
  const line = [a.address, place, country].filter(Boolean).join(', ');
  return line || null;
}

export function reminderHandler(ctx: AppContext, options: ReminderHandlerOptions = {}) {
  const { db } = ctx;
  const brand = ctx.brand.displayName;

  return reminderWorker(db, appointmentReminderClaims, options, async (appointmentId, { remindAt, late }) => {
    const details = await reminderDetails(db, appointmentId);
    if (!details) return;
    const a = details.appointment;
    const language = mailLanguage(details.user.language);
    const due = instantToZoned(remindAt, a.reminderTimeZone);
    const message = appointmentReminderMail({
      to: details.user.email,
      name: details.user.name,
      language,
      brand,
      pet: details.pet.name,
      type: a.appointmentType as ReminderMailInput['type'],
      date: isoToDisplayDate(a.appointmentDate),
      time: displayTime(a.appointmentTime),
      zone: a.reminderTimeZone,
      vet: a.vetName,
      address: addressLine(details, language),
      reason: a.reason,
      vaccination: a.vaccinationType,
      url: `${ctx.publicUrl}${petPath(details.pet, 'appointments')}`,
      late: late ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
    });
    await ctx.mailer.send(message);
    ctx.log.info({ appointmentId: a.id, late }, 'appointment reminder sent');
  });
}

/** An appointment's reminder mail is due: sent, moved and cancelled in the appointment's transaction. */
export const appointmentReminderJob = defineJob({
  name: 'appointments.reminder',
  payload: reminderPayload,
  handler: (ctx) => reminderHandler(ctx),
});
