import { defineJob, NO_PAYLOAD } from '../../../jobs/define-job.ts';
import { forgetEndedWindows } from '../../../plugins/rate-limit-store.ts';
import { forgetStaleFailures } from './sign-in-throttle.ts';

/**
 * Hourly: sign-in failure counts the throttle no longer reads go (sign-in-throttle.ts), and the request
 * limits' ended windows (plugins/rate-limit-store.ts). Off the full hour that everyone else's cron jobs pick.
 */
export const signInFailuresCleanupJob = defineJob({
  name: 'auth.sign-in-failures-cleanup',
  payload: NO_PAYLOAD,
  schedule: '17 * * * *',
  handler: (ctx) => async () => {
    const removed = await forgetStaleFailures(ctx.db, ctx.clock());
    if (removed > 0) ctx.log.info({ removed }, 'stale sign-in failure counts removed');
    const windows = await forgetEndedWindows(ctx.db, ctx.clock());
    if (windows > 0) ctx.log.info({ windows }, 'ended request limit windows removed');
  },
});
