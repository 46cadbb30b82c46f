import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { findUserByDeletionJob } from './deletion.repo.ts';
import type { AccountDeletionJob } from './deletion.service.ts';
import { eraseAccount, erasureDeps } from './erasure.ts';

/** The account.deletion job: the requested deletion is due (a sign-out may have done it already). */
export function accountDeletionHandler(app: FastifyInstance) {
  return async (job: Job<AccountDeletionJob>) => {
    const userId = job.data.userId ?? (await findUserByDeletionJob(app.database.db, job.id));
    if (!userId) return;
    await eraseAccount(erasureDeps(app), userId, { runningJobId: job.id });
  };
}
