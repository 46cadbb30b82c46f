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
  handler: (app) => async () => {
    const removed = await forgetStaleFailures(app.ctx.db, app.ctx.clock());
    if (removed > 0) app.log.info({ removed }, 'stale sign-in failure counts removed');
    const windows = await forgetEndedWindows(app.ctx.db, app.ctx.clock());
    if (windows > 0) app.log.info({ windows }, 'ended request limit windows removed');
  },
});
