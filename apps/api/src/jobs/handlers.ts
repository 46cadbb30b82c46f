import { brandConfig } from '@pet/shared';
import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { reminderHandler } from '../modules/appointments/reminders.ts';
import { medicalReminderHandler } from '../modules/medical/reminders.ts';
import { endTrial, type TrialEndJob } from '../modules/plans/membership.service.ts';
import type { JobHandlers } from './jobs.ts';
import { QUEUES } from './queues.ts';

/** The worker for each queue; a module that adds a queue in queues.ts adds its handler here. */
export function jobHandlers(app: FastifyInstance): JobHandlers {
  const brand = brandConfig(app.env.BRAND);
  return {
    [QUEUES.trialEnd]: async (job: Job<TrialEndJob>) => {
      if (await endTrial(app.database.db, brand, job.data)) {
        app.log.info({ userId: job.data.userId }, 'trial ended: back on the default plan');
      }
    },
    [QUEUES.appointmentReminder]: reminderHandler(app),
    [QUEUES.medicalReminder]: medicalReminderHandler(app),
  };
}
