import type { Tx } from '../../../db/client.ts';
import { scheduleDocumentErasure } from '../../documents/retention.ts';
import { defaultMembership, writeMembership } from '../../plans/membership.repo.ts';
import { findDefaultProduct, findProductById } from '../../plans/products.repo.ts';
import type { SubscriptionRow } from '../subscription-row.ts';
import { updateSubscription } from './subscription.repo.ts';
import { queueSubscriptionMail } from './subscription-mails.ts';
import type { SubscriptionTermDeps } from './subscription-term-deps.ts';
import { cancelTermJob } from './terms.ts';

// The end of a paid plan (ADR 0011): one function for the term-end job (a cancelled term), the last failed
// retry and the provider's subscription.ended. In the caller's transaction: status ended, ended_at, the
// brand's default plan, the document erasure jobs and the "plan ended" mail. After the commit
// (`afterPaidPlanEnd`): the provider's subscription is ended if still open.

export interface EndedPaidPlan {
  userId: string;
  /** The provider subscription to end after the commit; null when the provider ended it (or none). */
  endAtProvider: string | null;
}

/** Ends the locked subscription's paid plan; null (nothing done) when it has already ended. */
export async function endPaidPlan(
  deps: SubscriptionTermDeps,
  tx: Tx,
  subscription: SubscriptionRow,
  options: { providerEnded: boolean },
): Promise<EndedPaidPlan | null> {
  if (subscription.status === 'ended') return null;
  const { userId } = subscription;
  const endedAt = deps.clock();
  const fallback = await findDefaultProduct(tx, deps.brand.partnerId);
  // No default plan to fall back to: fail, so that the job (or the event) is retried once the catalogue is fixed.
  if (!fallback) throw new Error(`no default product for partner ${deps.brand.partnerId}`);
  if (subscription.termJobId) await cancelTermJob(tx, deps.jobs, subscription.termJobId);
  await updateSubscription(tx, userId, {
    status: 'ended',
    endedAt,
    cancelAt: null,
    downgradeProductId: null,
    downgradePriceId: null,
    downgradePayType: null,
    termJobId: null,
  });
  await writeMembership(tx, userId, defaultMembership(fallback.id));
  await scheduleDocumentErasure(tx, deps.jobs, { userId, endedAt });
  const plan = await findProductById(tx, subscription.productId);
  await queueSubscriptionMail(tx, deps.jobs, {
    kind: 'plan-ended',
    userId,
    plan: plan?.name ?? subscription.productId,
    defaultPlan: fallback.name,
  });
  return { userId, endAtProvider: options.providerEnded ? null : subscription.subscriptionRef };
}

/** After the commit: the provider's subscription; a failure is logged, the end stands. */
export async function afterPaidPlanEnd(deps: SubscriptionTermDeps, ended: EndedPaidPlan): Promise<void> {
  if (ended.endAtProvider) {
    try {
      await deps.payments.endSubscription(ended.endAtProvider);
    } catch (err) {
      deps.log.error({ err, userId: ended.userId }, 'ending the provider subscription failed');
    }
  }
  deps.log.info({ userId: ended.userId }, 'paid plan ended: back on the default plan');
}
