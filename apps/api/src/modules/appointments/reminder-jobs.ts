import type { Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { QUEUES } from '../../jobs/queues.ts';

// The reminder's pg-boss job is created and cancelled in the transaction that writes the appointment, so
// a reminder never exists without its job or the other way round (DESIGN.md, jobs note).

export interface ReminderJob {
  appointmentId: string;
  /** ISO instant the reminder is due; the job acts only while the appointment still says exactly this. */
  remindAt: string;
}

export async function scheduleReminder(
  jobs: Pick<Jobs, 'send'>,
  tx: Tx,
  appointmentId: string,
  remindAt: Date,
): Promise<string | null> {
  const data: ReminderJob = { appointmentId, remindAt: remindAt.toISOString() };
  return jobs.send(QUEUES.appointmentReminder, data, { tx, startAfter: remindAt });
}

export async function cancelReminder(
  jobs: Pick<Jobs, 'cancel'>,
  tx: Tx,
  jobId: string | null,
): Promise<void> {
  if (jobId) await jobs.cancel(QUEUES.appointmentReminder, jobId, tx);
}
