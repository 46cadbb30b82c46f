import { useQuery } from '@tanstack/react-query';
import { isPromoPlan } from '../../../lib/plan/plan.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { cancelAtQuery } from '../api/subscription.ts';
import { type CancelProcess, cancelProcess } from './cancelFlow.ts';

export interface SubscriptionTerm {
  /** A paid subscription runs (myinfo carries its term's end); never on the free plan. */
  paid: boolean;
  /** The term's end, unix seconds; null without a paid subscription. */
  termEnd: number | null;
  /** The term ends instead of renewing (GET cancelat 'cancel'). */
  cancelled: boolean;
  /** Where the cancel entry leads; null while unknown or without a paid subscription. */
  process: CancelProcess | null;
}

/** The paid term as the subscription page shows it: its end, whether it renews, and the cancel process. */
export function useSubscriptionTerm(): SubscriptionTerm {
  const { product, status } = usePlan();
  const me = useMyInfo().data;
  const termEnd = typeof me?.stripe_subscription_end === 'number' ? me.stripe_subscription_end : null;
  const paid = termEnd !== null && product !== null && !product.is_default;
  const cancelAt = useQuery({ ...cancelAtQuery, enabled: paid });
  const process =
    paid && cancelAt.data
      ? cancelProcess({
          cancelStatus: cancelAt.data.status,
          sequence: product.sequence,
          isPromo: isPromoPlan(product, status),
        })
      : null;
  return { paid, termEnd: paid ? termEnd : null, cancelled: cancelAt.data?.status === 'cancel', process };
}
