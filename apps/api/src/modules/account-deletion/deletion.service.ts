import { ACCOUNT_DELETION_HOURS, type DeleteAccountResponse } from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { accountDeletionJob } from './deletion.job.ts';
import { findDeletionState, recordDeletionRequest } from './deletion.repo.ts';

// DELETE /v1/auth/deleteuseracc (issue 15): records the request and the job that erases the account
// ACCOUNT_DELETION_HOURS later, unless the next sign-out does it first (erasure.ts).

export type DeletionDeps = Pick<AppContext, 'db' | 'jobs' | 'clock'>;

const dueAfter = (requestedAt: Date) => new Date(requestedAt.getTime() + ACCOUNT_DELETION_HOURS * 3_600_000);

/** Only the signed-in user's own id; any other answers like an unknown one. A repeat changes nothing. */
export async function requestAccountDeletion(
  deps: DeletionDeps,
  signedInId: string,
  userId: string,
): Promise<DeleteAccountResponse> {
  if (userId !== signedInId) throw notFound();
  return inTransaction(deps.db, async (tx) => {
    const state = await findDeletionState(tx, userId, { lock: true });
    if (!state) throw notFound();
    if (state.deletionRequestedAt) return { deletes_at: dueAfter(state.deletionRequestedAt).toISOString() };
    const requestedAt = deps.clock();
    const deletesAt = dueAfter(requestedAt);
    // One job per request: the row lock above keeps a second request from sending another.
    const jobId = await deps.jobs.send(accountDeletionJob, {}, { startAfter: deletesAt, tx });
    await recordDeletionRequest(tx, userId, requestedAt, jobId);
    return { deletes_at: deletesAt.toISOString() };
  });
}
