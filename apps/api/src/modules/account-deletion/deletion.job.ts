import type { Job } from 'pg-boss';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { findUserByDeletionJob } from './deletion.repo.ts';
import { eraseAccount } from './erasure.ts';

/**
 * The account.deletion job's data names nobody: its user is the one whose `deletion_job_id` it is, so the
 * finished job that pg-boss keeps for days holds no trace of an erased account. Jobs queued before this
 * named the user here.
 */
const accountDeletionPayload = z.object({ userId: z.string().optional() });
export type AccountDeletionJob = z.infer<typeof accountDeletionPayload>;

/** The account.deletion job: the requested deletion is due (a sign-out may have done it already). */
export function accountDeletionHandler(ctx: AppContext) {
  return async (job: Job<AccountDeletionJob>) => {
    const userId = job.data.userId ?? (await findUserByDeletionJob(ctx.db, job.id));
    if (!userId) return;
    await eraseAccount(ctx, userId, { runningJobId: job.id });
  };
}

/** A requested account deletion is due (issue 15): the account is erased unless a sign-out did it first. */
export const accountDeletionJob = defineJob({
  name: 'account.deletion',
  payload: accountDeletionPayload,
  handler: (ctx) => accountDeletionHandler(ctx),
});
