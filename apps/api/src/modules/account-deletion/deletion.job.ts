import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import type { AccountDeletionJob } from './deletion.service.ts';
import { eraseAccount, erasureDeps } from './erasure.ts';

/** The account.deletion job: the requested deletion is due (a sign-out may have done it already). */
export function accountDeletionHandler(app: FastifyInstance) {
  return async (job: Job<AccountDeletionJob>) => {
    await eraseAccount(erasureDeps(app), job.data.userId, { runningJobId: job.id });
  };
}
