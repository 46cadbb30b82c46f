import { brandConfig } from '@pet/shared';
import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { accountDeletionHandler } from '../modules/account-deletion/deletion.job.ts';
import { accountExportExpiryHandler, accountExportHandler } from '../modules/account-export/export.job.ts';
import { reminderHandler } from '../modules/appointments/reminders.ts';
import { forgetStaleFailures } from '../modules/auth/sign-in-throttle.ts';
import { lifecycleDeps } from '../modules/billing/lifecycle-deps.ts';
import { lifecycleMailHandler } from '../modules/billing/lifecycle-mails.ts';
import { orderConfirmationHandler } from '../modules/billing/order-confirmation.ts';
import { termJobHandler } from '../modules/billing/term-end.job.ts';
import { documentErasureHandler, documentErasureWarningHandler } from '../modules/documents/erasure.ts';
import { removeUnattachedFiles } from '../modules/documents/orphan-files.ts';
import { medicalReminderHandler } from '../modules/medical/reminders.ts';
import { endGift, endTrial, type GiftEndJob, type TrialEndJob } from '../modules/plans/membership.service.ts';
import { sandboxDeliveryHandler } from '../payments/sandbox/sandbox-delivery.ts';
import { forgetEndedWindows } from '../plugins/rate-limit-store.ts';
import type { JobHandlers } from './jobs.ts';
import { QUEUES, type QueueName } from './queues.ts';

/** Queues that get a job on a schedule (cron, UTC) besides the jobs the modules send. */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  // Hourly, off the full hour that everyone else's cron jobs pick.
  [QUEUES.signInFailuresCleanup]: '17 * * * *',
  [QUEUES.unattachedFilesCleanup]: '47 * * * *',
};

/** The worker for each queue; a module that adds a queue in queues.ts adds its handler here. */
export function jobHandlers(app: FastifyInstance): JobHandlers {
  const brand = brandConfig(app.env.BRAND);
  return {
    [QUEUES.trialEnd]: async (job: Job<TrialEndJob>) => {
      if (await endTrial(app.database.db, brand, job.data)) {
        app.log.info({ userId: job.data.userId }, 'trial ended: back on the default plan');
      }
    },
    [QUEUES.giftEnd]: async (job: Job<GiftEndJob>) => {
      if (await endGift(app.database.db, brand, job.data)) {
        app.log.info({ userId: job.data.userId }, 'gift ended: back on the default plan');
      }
    },
    [QUEUES.appointmentReminder]: reminderHandler(app),
    [QUEUES.signInFailuresCleanup]: async () => {
      const removed = await forgetStaleFailures(app.database.db, app.clock());
      if (removed > 0) app.log.info({ removed }, 'stale sign-in failure counts removed');
      const windows = await forgetEndedWindows(app.database.db, app.clock());
      if (windows > 0) app.log.info({ windows }, 'ended request limit windows removed');
    },
    [QUEUES.medicalReminder]: medicalReminderHandler(app),
    [QUEUES.orderConfirmation]: orderConfirmationHandler(app),
    // A term's end and a failed renewal's next try: the same checks, then charge or end (term-end.job.ts).
    [QUEUES.termEnd]: termJobHandler(lifecycleDeps(app)),
    [QUEUES.renewalRetry]: termJobHandler(lifecycleDeps(app)),
    [QUEUES.lifecycleMail]: lifecycleMailHandler(lifecycleDeps(app)),
    [QUEUES.unattachedFilesCleanup]: async () => {
      const removed = await removeUnattachedFiles({
        db: app.database.db,
        storage: app.storage,
        log: app.log,
        clock: app.clock,
      });
      if (removed > 0) app.log.info({ removed }, 'unattached document files removed');
    },
    [QUEUES.sandboxDeliver]: sandboxDeliveryHandler(app),
    [QUEUES.documentErasureWarning]: documentErasureWarningHandler(app),
    [QUEUES.documentErasure]: documentErasureHandler(app),
    [QUEUES.accountDeletion]: accountDeletionHandler(app),
    [QUEUES.accountExport]: accountExportHandler(app),
    [QUEUES.accountExportExpiry]: accountExportExpiryHandler(app),
  };
}

/** What the server runs beside answering requests: a worker for every queue, and the schedules. */
export async function startWorkers(app: FastifyInstance): Promise<void> {
  await app.jobs.work(jobHandlers(app));
  for (const [queue, cron] of Object.entries(SCHEDULES) as [QueueName, string][]) {
    await app.jobs.schedule(queue, cron);
  }
}
