import { brandConfig, type DueType, displayTime, isoToDisplayDate } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { medicalReminderMail } from '../../mail/templates/medical-reminder.ts';
import { LATE_AFTER_MS, type ReminderHandlerOptions } from '../appointments/reminders.ts';
import { claimMedicalReminder, medicalReminderDetails, releaseMedicalReminder } from './medical.repo.ts';
import type { MedicalReminderJob } from './reminder-jobs.ts';

// The worker of the medical reminder queue, with the appointment reminders' guarantee (read
// modules/appointments/reminders.ts for the reasoning): claim with a conditional UPDATE (`reminder_sent_at`
// still null, `reminder_at` still the job's instant), then send; a failed send releases the claim and throws
// so pg-boss retries. At most one mail per reminder moment, even with several workers. A job whose reminder
// moved, was removed or whose record (or pet) was deleted finds nothing to claim and ends quietly.

export function medicalReminderHandler(app: FastifyInstance, options: ReminderHandlerOptions = {}) {
  const lateAfterMs = options.lateAfterMs ?? LATE_AFTER_MS;
  const brand = brandConfig(app.env.BRAND).displayName;
  const db = app.database.db;

  return async (job: Job<MedicalReminderJob>): Promise<void> => {
    const remindAt = new Date(job.data.remindAt);
    const claimedAt = await claimMedicalReminder(db, job.data.medId, remindAt);
    if (!claimedAt) return;
    const details = await medicalReminderDetails(db, job.data.medId);
    const record = details?.record;
    const dueDate = record?.nextDueDate;
    const zone = record?.reminderTimeZone;
    if (!details || !record || !dueDate || !zone) return;
    const type = record.medicalType as DueType;
    const lateBy = claimedAt.getTime() - remindAt.getTime();
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
      url: `${app.env.PUBLIC_URL}${medicalPath(details.pet, type)}`,
      late:
        lateBy > lateAfterMs ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
    });
    try {
      await app.mailer.send(message);
    } catch (error) {
      await releaseMedicalReminder(db, record.id, claimedAt);
      throw error;
    }
    app.log.info({ medId: record.id, late: lateBy > lateAfterMs }, 'medical reminder sent');
  };
}
