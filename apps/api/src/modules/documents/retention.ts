import { ERASURE_WARNING_DAYS_BEFORE, REACTIVATION_WINDOW_DAYS } from '@pet/shared';
import type { Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { QUEUES } from '../../jobs/queues.ts';

// What happens to documents when a paid plan ends (issue 14, spec "Subscription": "after cancellation the
// last 5 uploaded documents are kept"): nothing is deleted at the end; documents beyond the free plan's
// limit stay listed and read-only, the newest ones stay usable; upgrading within the reactivation window
// gives everything back; when the window closes the others are erased, with a warning mail before.

/** The job data of documents.erasure-warning and documents.erasure. */
export interface DocumentErasureJob {
  userId: string;
  /** ISO instant the paid plan ended (subscriptions.ended_at): a job acts only while it is still that end. */
  endedAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Called by the lifecycle in the transaction that ends a paid plan: the warning and the erasure, due at the
 * window's close minus ERASURE_WARNING_DAYS_BEFORE days and at the close. Neither is cancelled by a new
 * plan: each job checks, when it runs, that the user is still on a plan with the smaller limit and that
 * the subscription still ended at `endedAt`, and does nothing otherwise.
 */
export async function scheduleDocumentErasure(
  tx: Tx,
  jobs: Pick<Jobs, 'send'>,
  job: { userId: string; endedAt: Date },
): Promise<void> {
  const data: DocumentErasureJob = { userId: job.userId, endedAt: job.endedAt.toISOString() };
  const closes = job.endedAt.getTime() + REACTIVATION_WINDOW_DAYS * DAY_MS;
  await jobs.send(QUEUES.documentErasureWarning, data, {
    startAfter: new Date(closes - ERASURE_WARNING_DAYS_BEFORE * DAY_MS),
    tx,
  });
  await jobs.send(QUEUES.documentErasure, data, { startAfter: new Date(closes), tx });
}
