import { brandConfig, displayTime, isoToDisplayDate } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import {
  appointmentReminderMail,
  type ReminderMailInput,
} from '../../mail/templates/appointment-reminder.ts';
import {
  claimReminder,
  type ReminderDetails,
  releaseReminder,
  reminderDetails,
} from './appointments.repo.ts';
import type { ReminderJob } from './reminder-jobs.ts';

// The worker of the reminder queue. pg-boss hands each job to one worker, even with several API processes;
// the job's handler adds the guarantee that matters to the owner: at most one mail per reminder time.
//
// Order: claim, then send. The claim is a conditional UPDATE (`reminder_sent_at` still null and
// `reminder_at` still the job's instant) committed before the mail is handed to the SMTP server:
//  - a second worker, or a retry after the mail was accepted, finds the claim and sends nothing;
//  - a send that fails (server unreachable, refused) releases the claim and throws, so pg-boss retries;
//  - a process that dies between the claim and the SMTP server's acceptance loses that one reminder
//    (it is marked sent but never went out). We chose at-most-once: a lost reminder after a crash in that
//    window of milliseconds is better than a duplicate after every crash that follows a send.
// A job whose reminder moved, was removed or was deleted finds no row to claim and ends quietly.

/** Later than this after its time, a reminder says it is late (the server was down when it was due). */
export const LATE_AFTER_MS = 5 * 60_000;

export interface ReminderHandlerOptions {
  /** Tests shorten it. */
  lateAfterMs?: number;
}

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

export function reminderHandler(app: FastifyInstance, options: ReminderHandlerOptions = {}) {
  const lateAfterMs = options.lateAfterMs ?? LATE_AFTER_MS;
  const brand = brandConfig(app.env.BRAND).displayName;
  const db = app.database.db;

  return async (job: Job<ReminderJob>): Promise<void> => {
    const remindAt = new Date(job.data.remindAt);
    const claimedAt = await claimReminder(db, job.data.appointmentId, remindAt);
    if (!claimedAt) return;
    const details = await reminderDetails(db, job.data.appointmentId);
    if (!details) return;
    const a = details.appointment;
    const language = mailLanguage(details.user.language);
    const lateBy = claimedAt.getTime() - remindAt.getTime();
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
      url: `${app.env.PUBLIC_URL}${petPath(details.pet, 'appointments')}`,
      late:
        lateBy > lateAfterMs ? { dueDate: isoToDisplayDate(due.date), dueTime: displayTime(due.time) } : null,
    });
    try {
      await app.mailer.send(message);
    } catch (error) {
      await releaseReminder(db, job.data.appointmentId, claimedAt);
      throw error;
    }
    app.log.info({ appointmentId: a.id, late: lateBy > lateAfterMs }, 'appointment reminder sent');
  };
}
