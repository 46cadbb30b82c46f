import { type DueType, displayTime, isoToDisplayDate } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import { defineJob } from '../../jobs/define-job.ts';
import { type ReminderHandlerOptions, reminderPayload, reminderWorker } from '../../jobs/reminders.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { medicalReminderMail } from '../../mail/templates/medical-reminder.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { medicalReminderClaims, medicalReminderDetails } from './medical.repo.ts';

// The worker of the medical reminder queue: the send-once guarantee is jobs/reminders.ts's (as for
// appointment reminders); this reads the vaccination or deworming and writes its mail.

export function medicalReminderHandler(ctx: AppContext, options: ReminderHandlerOptions = {}) {
  const { db } = ctx;
  const brand = ctx.brand.displayName;

  return reminderWorker(db, medicalReminderClaims, options, async (medId, { remindAt, late }) => {
    const details = await medicalReminderDetails(db, medId);
    const record = details?.record;
    const dueDate = record?.nextDueDate;
    const zone = record?.reminderTimeZone;
    if (!details || !record || !dueDate || !zone) return;
    const type = record.medicalType as DueType;
    const due = instantToZoned(remindAt, zone);
    const message = medicalReminderMail({
      to: details.user.email,
      name: details.user.name,
      language: mailLanguage(details.user.language),
      brand,
      pet: details.pet.name,
      type,
      product: record.name,
      dueDate: isoToDisplayDate(dueDate),
      givenDate: record.date ? isoToDisplayDate(record.date) : null,
      vet: record.executingPerson,
      url: `${ctx.publicUrl}${medicalPath(details.pet, type)}`,
      late: late ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
    });
    await ctx.mailer.send(message);
    ctx.log.info({ medId: record.id, late }, 'medical reminder sent');
  });
}

/** A vaccination's or deworming's reminder mail is due: sent, moved and cancelled in the record's transaction. */
export const medicalReminderJob = defineJob({
  name: 'medical.reminder',
  payload: reminderPayload,
  handler: (ctx) => medicalReminderHandler(ctx),
});
