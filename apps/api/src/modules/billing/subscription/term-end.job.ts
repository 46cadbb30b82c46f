import type { Job } from 'pg-boss';
import { inTransaction } from '../../../db/transaction.ts';
import { defineJob } from '../../../jobs/define-job.ts';
import { afterPaidPlanEnd, endPaidPlan } from './paid-plan-end.ts';
import { nextTermPrice } from './renewals.ts';
import { claimTermJob, lockSubscription, releaseTermJob, termAnchor } from './subscription.repo.ts';
import type { SubscriptionTermDeps } from './subscription-term-deps.ts';
import { renewalRetryQueue, type TermEndJob, termEnd, termEndQueue } from './terms.ts';

// The workers of billing.term-end and billing.renewal-retry (ADR 0011 "Time-driven work"). A job acts only
// while the subscription still ends at the job's periodEnd, is not ended, and still names this job as its
// pending one (term_job_id): run twice, late, or after an upgrade moved the term, it does nothing. A
// cancelled term ends the paid plan; otherwise the provider is asked to charge the next term (the sandbox
// charges the saved method and reports by events; Stripe renews by itself).

type Step =
  | { kind: 'none' }
  | { kind: 'ended'; ended: Awaited<ReturnType<typeof endPaidPlan>> }
  | { kind: 'charge'; input: Parameters<SubscriptionTermDeps['payments']['chargeRenewal']>[0] };

export async function runTermJob(
  deps: SubscriptionTermDeps,
  job: Pick<Job<TermEndJob>, 'id' | 'data'>,
): Promise<void> {
  const { userId, periodEnd } = job.data;
  const step = await inTransaction(deps.db, async (tx): Promise<Step> => {
    const subscription = await lockSubscription(tx, userId);
    if (!subscription || subscription.status === 'ended') return { kind: 'none' };
    if (subscription.currentPeriodEnd.toISOString() !== periodEnd) return { kind: 'none' };
    if (!(await claimTermJob(tx, userId, job.id))) return { kind: 'none' };
    if (subscription.cancelAt) {
      // The claim took this job's id off the row: nothing left to cancel.
      const claimed = { ...subscription, termJobId: null };
      return { kind: 'ended', ended: await endPaidPlan(deps, tx, claimed, { providerEnded: false }) };
    }
    const price = await nextTermPrice(tx, subscription);
    const periodStart = subscription.currentPeriodEnd;
    const anchor = (await termAnchor(tx, userId)) ?? subscription.currentPeriodStart;
    return {
      kind: 'charge',
      input: {
        userId,
        customerRef: subscription.customerRef,
        subscriptionRef: subscription.subscriptionRef,
        paymentMethodRef: subscription.paymentMethodRef,
        method: subscription.paymentMethod as 'card' | 'sepa',
        priceId: price.priceId,
        payType: price.payType,
        totalCents: price.cents,
        periodStart,
        periodEnd: termEnd(periodStart, price.product, price.payType, anchor),
        description: `${price.product.name} (${price.payType})`,
      },
    };
  });
  if (step.kind === 'ended') {
    if (step.ended) await afterPaidPlanEnd(deps, step.ended);
    return;
  }
  if (step.kind !== 'charge') return;
  try {
    const charged = await deps.payments.chargeRenewal(step.input);
    deps.log.info(
      { userId, paymentRef: charged === 'provider-managed' ? null : charged.paymentRef },
      charged === 'provider-managed' ? 'renewal left to the provider' : 'renewal charged',
    );
  } catch (err) {
    // The charge did not start: the claim goes back, and pg-boss's retry of this job tries again.
    await releaseTermJob(deps.db, userId, job.id);
    throw err;
  }
}

export function termJobHandler(deps: SubscriptionTermDeps) {
  return (job: Job<TermEndJob>) => runTermJob(deps, job);
}

// A term's end and a failed renewal's next try: the same checks, then charge or end.
export const termEndJob = defineJob({
  ...termEndQueue,
  handler: (ctx) => termJobHandler(ctx),
});
export const renewalRetryJob = defineJob({
  ...renewalRetryQueue,
  handler: (ctx) => termJobHandler(ctx),
});
