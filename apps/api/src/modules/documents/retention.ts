import {
  type BrandConfig,
  ERASURE_WARNING_DAYS_BEFORE,
  isUnlimitedDocuments,
  REACTIVATION_WINDOW_DAYS,
} from '@pet/shared';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { jobQueue } from '../../jobs/define-job.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { DAY_MS } from '../../lib/dates.ts';
import { limitReached } from '../../lib/errors.ts';
import { entitlementsOf } from '../plans/entitlements.service.ts';
import { documentIdsBeyond } from './retention.repo.ts';

// What happens to documents when a paid plan ends (issue 14, spec "Subscription": "after cancellation the
// last 5 uploaded documents are kept"): nothing is deleted at the end; documents beyond the free plan's
// limit stay listed and read-only, the newest ones stay usable; upgrading within the reactivation window
// gives everything back; when the window closes the others are erased, with a warning mail before.

/** The job data of documents.erasure-warning and documents.erasure. */
const documentErasurePayload = z.object({
  userId: z.string(),
  /** ISO instant the paid plan ended (subscriptions.ended_at): a job acts only while it is still that end. */
  endedAt: z.string(),
});
export type DocumentErasureJob = z.infer<typeof documentErasurePayload>;

// The queues' names and payload for the sender below; the definitions with their workers are in erasure.ts,
// which imports this file (so it cannot be imported back).
/** ERASURE_WARNING_DAYS_BEFORE the reactivation window closes: the mail listing the documents to go. */
export const documentErasureWarningQueue = jobQueue('documents.erasure-warning', documentErasurePayload);
/** The reactivation window closed: documents beyond the free plan's last ones are erased. */
export const documentErasureQueue = jobQueue('documents.erasure', documentErasurePayload);

/**
 * Called by the subscription's endPaidPlan in the transaction that ends a paid plan: the warning and the erasure, due at the
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
  await jobs.send(documentErasureWarningQueue, data, {
    startAfter: new Date(closes - ERASURE_WARNING_DAYS_BEFORE * DAY_MS),
    tx,
  });
  await jobs.send(documentErasureQueue, data, { startAfter: new Date(closes), tx });
}

/** How many of the user's newest documents their plan keeps usable; null: all (an unlimited plan). */
export async function usableDocumentCount(
  db: DbOrTx,
  brand: BrandConfig,
  userId: string,
): Promise<number | null> {
  const { plan } = await entitlementsOf(db, brand, userId);
  return isUnlimitedDocuments(plan.documents_limit) ? null : plan.documents_limit;
}

/** The user's read-only documents: those after the newest documents_limit (none while within it). */
export async function readOnlyDocumentIds(
  db: DbOrTx,
  brand: BrandConfig,
  userId: string,
): Promise<Set<string>> {
  const keep = await usableDocumentCount(db, brand, userId);
  return new Set(keep === null ? [] : await documentIdsBeyond(db, userId, keep));
}

/** A read-only document may be viewed, downloaded and deleted, not edited: 403 Document_Read_Only_Text. */
export async function assertDocumentEditable(
  db: DbOrTx,
  brand: BrandConfig,
  userId: string,
  docId: string,
): Promise<void> {
  if ((await readOnlyDocumentIds(db, brand, userId)).has(docId))
    throw limitReached('Document_Read_Only_Text');
}
