import type { FastifyInstance } from 'fastify';
import { boundWorker, type JobContext, type JobDefinition } from './jobs/define-job.ts';
import type { JobHandlers } from './jobs/jobs.ts';
import { accountDeletionJob } from './modules/account-deletion/deletion.job.ts';
import { accountExportExpiryJob, accountExportJob } from './modules/account-export/export.job.ts';
import { appointmentReminderJob } from './modules/appointments/reminders.ts';
import { signInFailuresCleanupJob } from './modules/auth/throttles/sign-in-failures-cleanup.job.ts';
import { orderConfirmationJob } from './modules/billing/invoices/order-confirmation.ts';
import { subscriptionMailJob } from './modules/billing/subscription/subscription-mails.ts';
import { renewalRetryJob, termEndJob } from './modules/billing/subscription/term-end.job.ts';
import { documentErasureJob, documentErasureWarningJob } from './modules/documents/erasure.ts';
import { unattachedFilesCleanupJob } from './modules/documents/orphan-files.ts';
import { medicalReminderJob } from './modules/medical/reminders.ts';
import { giftEndJob, trialEndJob } from './modules/plans/membership.service.ts';
import { doseRemindersJob } from './modules/reminders/dose-reminders.ts';
import { sandboxDeliverJob } from './payments/sandbox/sandbox-delivery.ts';

// The one list of jobs. Each is defined once in its module with `defineJob` (jobs/define-job.ts); listing it here
// creates its queue (db/migrate.ts, given `QUEUE_NAMES`), starts its worker (`startWorkers`) and registers its schedule.
// `job-registry.test.ts` holds that every queue in the database has exactly one definition here and back.

export const JOBS = {
  trialEnd: trialEndJob,
  giftEnd: giftEndJob,
  appointmentReminder: appointmentReminderJob,
  medicalReminder: medicalReminderJob,
  doseReminders: doseRemindersJob,
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

/** Every queue's name: what a migration creates (db/migrate.ts). */
export const QUEUE_NAMES: readonly string[] = JOB_LIST.map((job) => job.name);

/** Queues that get a job on a schedule (cron, UTC) besides the jobs the modules send. */
export const SCHEDULES: Partial<Record<QueueName, string>> = Object.fromEntries(
  JOB_LIST.flatMap((job) => (job.schedule ? [[job.name, job.schedule]] : [])),
);

declare module './jobs/define-job.ts' {
  interface JobContext {
    /** This app's routes, called in-process: the sandbox delivers its events to the webhook route. */
    inject: FastifyInstance['inject'];
  }
}

/** The worker for each queue: its definition's handler, given only payloads its schema parses. */
export function jobHandlers(app: FastifyInstance): JobHandlers {
  const context: JobContext = { ...app.ctx, inject: app.inject.bind(app) };
  return Object.fromEntries(JOB_LIST.map((job) => [job.name, boundWorker(context, job)]));
}

/** What the server runs beside answering requests: a worker for every queue, and the schedules. */
export async function startWorkers(app: FastifyInstance): Promise<void> {
  const { jobs } = app.ctx;
  await jobs.work(jobHandlers(app));
  for (const job of JOB_LIST) {
    if (job.schedule) await jobs.schedule(job, job.schedule);
  }
}
