import { type DueType, displayTime, isoToDisplayDate } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import { defineJob } from '../../jobs/define-job.ts';
import { type ReminderHandlerOptions, reminderPayload, reminderWorker } from '../../jobs/reminders.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { type MedicalReminderMailInput, medicalReminderMail } from '../../mail/templates/medical-reminder.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { memberRecipients } from '../reminders/reminders.repo.ts';
import { medicalReminderClaims, medicalReminderDetails } from './medical.repo.ts';

// The worker of the medical reminder queue: the send-once guarantee is jobs/reminders.ts's (as for
// appointment reminders); this reads the vaccination or deworming and writes its mails: the owner's, and one
// for each member of the pet's household who opted in to its reminders.

export function medicalReminderHandler(ctx: AppContext, options: ReminderHandlerOptions = {}) {
  const brand = ctx.brand.displayName;

  return reminderWorker(ctx, medicalReminderClaims, options, async (medId, { remindAt, late }) => {
    const details = await medicalReminderDetails(ctx.db, medId);
    const record = details?.record;
    const dueDate = record?.nextDueDate;
    const zone = record?.reminderTimeZone;
    if (!details || !record || !dueDate || !zone) return [];
    const type = record.medicalType as DueType;
    /** The mail to `to` in their language; a late one says when it was due on `timeZone`'s clock. */
    const mailFor = (
      to: { email: string; name: string; language: string },
      timeZone: string,
      household?: MedicalReminderMailInput['household'],
    ) => {
      const due = instantToZoned(remindAt, timeZone);
      return medicalReminderMail({
        to: to.email,
        name: to.name,
        language: mailLanguage(to.language),
        brand,
        pet: details.pet.name,
        type,
        product: record.name,
        dueDate: isoToDisplayDate(dueDate),
        givenDate: record.date ? isoToDisplayDate(record.date) : null,
        vet: record.executingPerson,
        url: `${ctx.publicUrl}${medicalPath(details.pet, type)}`,
        late: late ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
        household,
      });
    };
    const members = await memberRecipients(ctx.db, details.pet.id, ctx.clock());
    return [
      { userId: record.userId, message: mailFor(details.user, zone) },
      ...members.map((member) => ({
        userId: member.userId,
        message: mailFor(member, member.timeZone, { owner: details.user.name }),
      })),
    ];
  });
}

/** A vaccination's or deworming's reminder mail is due: sent, moved and cancelled in the record's transaction. */
export const medicalReminderJob = defineJob({
  name: 'medical.reminder',
  payload: reminderPayload,
  handler: (ctx) => medicalReminderHandler(ctx),
});
