import { apiPaths } from '@pet/shared/paths';
import type { Job } from 'pg-boss';
import { defineJob, type JobContext } from '../../jobs/define-job.ts';
import { type SandboxDeliveryJob, sandboxDeliveryPayload } from './sandbox-events.ts';

/**
 * The sandbox's event delivery: the signed event goes to the webhook route in-process, through the same
 * verification and handler as Stripe's. A non-2xx answer fails the job, which pg-boss retries.
 */
export function sandboxDeliveryHandler(ctx: Pick<JobContext, 'sandboxPayments' | 'inject'>) {
  return async (job: Job<SandboxDeliveryJob>): Promise<void> => {
    const sandbox = ctx.sandboxPayments;
    if (!sandbox) return;
    const prepared = await sandbox.prepareDelivery(job.data);
    if (!prepared) return;
    const response = await ctx.inject({
      method: 'POST',
      url: apiPaths.paymentsWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': prepared.signature },
      payload: prepared.payload,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`sandbox event ${job.data.eventId}: the webhook answered ${response.statusCode}`);
    }
  };
}

/** The sandbox payment provider delivers one signed event to the webhook route. */
export const sandboxDeliverJob = defineJob({
  name: 'payments.sandbox-deliver',
  payload: sandboxDeliveryPayload,
  handler: (ctx) => sandboxDeliveryHandler(ctx),
});
