import type { FastifyInstance } from 'fastify';
import { accountDeletionJob } from '../modules/account-deletion/deletion.job.ts';
import { accountExportExpiryJob, accountExportJob } from '../modules/account-export/export.job.ts';
import { appointmentReminderJob } from '../modules/appointments/reminders.ts';
import { signInFailuresCleanupJob } from '../modules/auth/throttles/sign-in-failures-cleanup.job.ts';
import { orderConfirmationJob } from '../modules/billing/invoices/order-confirmation.ts';
import { subscriptionMailJob } from '../modules/billing/subscription/subscription-mails.ts';
import { renewalRetryJob, termEndJob } from '../modules/billing/subscription/term-end.job.ts';
import { documentErasureJob, documentErasureWarningJob } from '../modules/documents/erasure.ts';
import { unattachedFilesCleanupJob } from '../modules/documents/orphan-files.ts';
import { medicalReminderJob } from '../modules/medical/reminders.ts';
import { giftEndJob, trialEndJob } from '../modules/plans/membership.service.ts';
import { sandboxDeliverJob } from '../payments/sandbox/sandbox-delivery.ts';
import { boundWorker, type JobDefinition } from './define-job.ts';
import type { JobHandlers } from './jobs.ts';

// The one list of jobs. Each is defined once in its module with `defineJob` (define-job.ts); listing it here
// creates its queue (db/migrate.ts), starts its worker (`startWorkers`) and registers its schedule.
// `registry.test.ts` holds that every queue in the database has exactly one definition here and back.

export const JOBS = {
  trialEnd: trialEndJob,
  giftEnd: giftEndJob,
  appointmentReminder: appointmentReminderJob,
  medicalReminder: medicalReminderJob,
  signInFailuresCleanup: signInFailuresCleanupJob,
  unattachedFilesCleanup: unattachedFilesCleanupJob,
  orderConfirmation: orderConfirmationJob,
  termEnd: termEndJob,
  renewalRetry: renewalRetryJob,
  subscriptionMail: subscriptionMailJob,
  documentErasureWarning: documentErasureWarningJob,
  documentErasure: documentErasureJob,
  accountDeletion: accountDeletionJob,
  accountExport: accountExportJob,
  accountExportExpiry: accountExportExpiryJob,
  sandboxDeliver: sandboxDeliverJob,
} as const;

type Jobs = typeof JOBS;

/** Every definition, once. */
export const JOB_LIST: readonly JobDefinition[] = Object.values(JOBS) as unknown as JobDefinition[];

/** Each job's queue name by its key (`QUEUES.trialEnd` is 'plans.trial-end'). */
export const QUEUES = Object.fromEntries(Object.entries(JOBS).map(([key, job]) => [key, job.name])) as {
  readonly [K in keyof Jobs]: Jobs[K]['name'];
};

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Queues that get a job on a schedule (cron, UTC) besides the jobs the modules send. */
export const SCHEDULES: Partial<Record<QueueName, string>> = Object.fromEntries(
  JOB_LIST.flatMap((job) => (job.schedule ? [[job.name, job.schedule]] : [])),
);

/** The worker for each queue: its definition's handler, given only payloads its schema parses. */
export function jobHandlers(app: FastifyInstance): JobHandlers {
  return Object.fromEntries(JOB_LIST.map((job) => [job.name, boundWorker(app, job)]));
}

/** What the server runs beside answering requests: a worker for every queue, and the schedules. */
export async function startWorkers(app: FastifyInstance): Promise<void> {
  await app.jobs.work(jobHandlers(app));
  for (const job of JOB_LIST) {
    if (job.schedule) await app.jobs.schedule(job, job.schedule);
  }
}
