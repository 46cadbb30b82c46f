import { type PayType, PERIOD_MONTHS } from '@pet/shared';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { jobQueue } from '../../../jobs/define-job.ts';
import { addMonths, DAY_MS } from '../../../lib/dates.ts';
import type { JobSender } from '../../plans/membership.service.ts';
import type { ProductRow } from '../../plans/products.repo.ts';

// A paid term (ADR 0011 "Terms"): its length, and the billing.term-end job sent in the transaction that
// sets it. The job carries the end it was made for and acts only while the subscription still ends then.

/** The job data of billing.term-end and billing.renewal-retry. */
const termJobPayload = z.object({
  userId: z.string(),
  /** ISO instant: the term's end the job was made for. */
  periodEnd: z.string(),
});
export type TermEndJob = z.infer<typeof termJobPayload>;

// The queues' names and payload, for the senders here and in renewals.ts; the definitions with their
// worker are in term-end.job.ts, which imports this file (so it cannot be imported back).
/** A paid term ends: end a cancelled subscription, start a scheduled downgrade, or renew. */
export const termEndQueue = jobQueue('billing.term-end', termJobPayload);
/** A failed renewal is tried again (RENEWAL_RETRY_DAYS); after the last try the paid plan ends. */
export const renewalRetryQueue = jobQueue('billing.renewal-retry', termJobPayload);

/** A term's length in months: the product's own duration where the catalogue sets one (tier-fritz). */
export function termMonths(product: Pick<ProductRow, 'duration'>, payType: PayType): number {
  return product.duration ?? PERIOD_MONTHS[payType];
}

/**
 * The end of a term starting at `start`, counted in months from `anchor`, the start of the run of terms it
 * belongs to (the purchase or upgrade that began them): the anchor's day of the month is kept, as Stripe's
 * billing cycle anchor keeps it. Bought on 31 January, a monthly term ends on 28 February, the next one on
 * 31 March (counting from 28 February would drift to the 28th for good).
 */
export function termEnd(
  start: Date,
  product: Pick<ProductRow, 'duration'>,
  payType: PayType,
  anchor: Date = start,
): Date {
  const months = termMonths(product, payType);
  const elapsed =
    (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + start.getUTCMonth() - anchor.getUTCMonth();
  const anchored = addMonths(anchor, elapsed + months);
  // Clamping moves a day by 3 at most (31st to 28th): a term further off its anchor's day does not follow
  // that anchor, and counts from its own start.
  const plain = addMonths(start, months);
  return anchor <= start && Math.abs(anchored.getTime() - plain.getTime()) < 4 * DAY_MS ? anchored : plain;
}

/**
 * Sends the term-end job for `periodEnd` (in `tx`), cancelling the pending one the subscription had
 * (its term changed); answers the new job's id for `term_job_id`.
 */
export async function scheduleTermEnd(
  tx: Tx,
  jobs: JobSender,
  userId: string,
  periodEnd: Date,
  previousJobId: string | null | undefined,
): Promise<string | null> {
  if (previousJobId) await cancelTermJob(tx, jobs, previousJobId);
  return jobs.send(
    termEndQueue,
    { userId, periodEnd: periodEnd.toISOString() },
    { startAfter: periodEnd, tx },
  );
}

/**
 * Whether the provider retries a failed renewal by itself (Stripe's retry schedule for its open invoice);
 * otherwise the app does, with billing.renewal-retry jobs (the sandbox).
 */
export function providerRetriesRenewals(payments: { name: string }): boolean {
  return payments.name === 'stripe';
}

/** The pending job is a term-end or a renewal-retry job: cancelling an id in the other queue does nothing. */
export async function cancelTermJob(tx: Tx, jobs: JobSender, jobId: string): Promise<void> {
  await jobs.cancel(termEndQueue, jobId, tx);
  await jobs.cancel(renewalRetryQueue, jobId, tx);
}
