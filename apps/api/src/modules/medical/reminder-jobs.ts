import type { Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { QUEUES } from '../../jobs/queues.ts';

// A vaccination's or deworming's reminder job is created and cancelled in the transaction that writes the
// record, so a reminder never exists without its job or the other way round (as appointment reminders).

export interface MedicalReminderJob {
  medId: string;
  /** ISO instant the reminder is due; the job acts only while the record still says exactly this. */
  remindAt: string;
}

export async function scheduleMedicalReminder(
  jobs: Pick<Jobs, 'send'>,
  tx: Tx,
  medId: string,
  remindAt: Date,
): Promise<string | null> {
  const data: MedicalReminderJob = { medId, remindAt: remindAt.toISOString() };
  return jobs.send(QUEUES.medicalReminder, data, { tx, startAfter: remindAt });
}

export async function cancelMedicalReminder(
  jobs: Pick<Jobs, 'cancel'>,
  tx: Tx,
  jobId: string | null,
): Promise<void> {
  if (jobId) await jobs.cancel(QUEUES.medicalReminder, jobId, tx);
}
