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
import { memberRecipients } from '../reminders/reminders.repo.ts';
import { appointmentReminderClaims, type ReminderDetails, reminderDetails } from './appointments.repo.ts';

// The worker of the appointment reminder queue: the send-once guarantee is jobs/reminders.ts's; this reads
// the appointment and writes its mails: the owner's, in the zone the appointment was entered in, and one for
// each member of the pet's household who opted in to its reminders, on that member's clock.

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
  const brand = ctx.brand.displayName;

  return reminderWorker(
    ctx,
    appointmentReminderClaims,
    options,
    async (appointmentId, { remindAt, late }) => {
      const details = await reminderDetails(ctx.db, appointmentId);
      if (!details) return [];
      const a = details.appointment;
      const url = `${ctx.publicUrl}${petPath(details.pet, 'appointments')}`;
      /** The mail to `to` in their language, with the appointment `when` on `zone`'s clock. */
      const mailFor = (
        to: { email: string; name: string; language: string },
        zone: string,
        when: { date: string; time: string },
        household?: ReminderMailInput['household'],
      ) => {
        const language = mailLanguage(to.language);
        const due = instantToZoned(remindAt, zone);
        return appointmentReminderMail({
          to: to.email,
          name: to.name,
          language,
          brand,
          pet: details.pet.name,
          type: a.appointmentType as ReminderMailInput['type'],
          date: isoToDisplayDate(when.date),
          time: displayTime(when.time),
          zone,
          vet: a.vetName,
          address: addressLine(details, language),
          reason: a.reason,
          vaccination: a.vaccinationType,
          url,
          late: late ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
          household,
        });
      };
      const members = await memberRecipients(ctx.db, details.pet.id, ctx.clock());
      return [
        // The owner's as entered (a time in the hour skipped in spring reads as entered, not as the clock's).
        {
          userId: a.userId,
          message: mailFor(details.user, a.reminderTimeZone, {
            date: a.appointmentDate,
            time: a.appointmentTime,
          }),
        },
        ...members.map((member) => ({
          userId: member.userId,
          message: mailFor(member, member.timeZone, instantToZoned(a.appointmentAt, member.timeZone), {
            owner: details.user.name,
          }),
        })),
      ];
    },
  );
}

/** An appointment's reminder mail is due: sent, moved and cancelled in the appointment's transaction. */
export const appointmentReminderJob = defineJob({
  name: 'appointments.reminder',
  payload: reminderPayload,
  handler: (ctx) => reminderHandler(ctx),
});
