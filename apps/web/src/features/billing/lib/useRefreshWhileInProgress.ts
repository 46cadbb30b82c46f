import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useBrand } from '../../../config/brand.tsx';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { orderableProductsQuery } from '../api/billing.ts';
import { billingKeys } from '../api/billingKeys.ts';

// While an order of the user is in progress (the product list's `order_placed`: a pending order, or a SEPA
// debit processing), the plan it buys is activated by the provider's event on the server, a few hundred
// milliseconds after a card payment or days after a SEPA debit. The pages that show the plan or the orders
// ask again by themselves, first often, then less (backoff), and stop once nothing is in progress; then the
// plan (myinfo) and the billing answers are read anew, so nobody sees "Free", "Already ordered" or
// "In progress" for a plan that is already active (issue 34).

/** The first refresh after an order is seen in progress, and the longest pause between two. */
export const REFRESH_FIRST_MS = 500;
export const REFRESH_MAX_MS = 30_000;

/** The pause before the next refresh, `elapsedMs` after the order was first seen in progress. */
export function refreshDelay(elapsedMs: number): number {
  return Math.min(REFRESH_MAX_MS, Math.round(REFRESH_FIRST_MS + Math.max(0, elapsedMs) / 2));
}

/**
 * A TanStack Query `refetchInterval` that polls with `refreshDelay` while `inProgress(data)` holds and stops
 * (false) otherwise. `since` keeps when it started, so the function may be called any number of times.
 */
export function whileInProgress<T>(
  inProgress: (data: T | undefined) => boolean,
  since: { current: number | null },
) {
  return (query: { state: { data: T | undefined } }): number | false => {
    if (!inProgress(query.state.data)) {
      since.current = null;
      return false;
    }
    since.current ??= Date.now();
    return refreshDelay(Date.now() - since.current);
  };
}

/** The user's plan and billing answers, read anew (the plan may have changed). */
export function refreshPlan(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
  // Not the product list (lib/plan/productList.ts, outside ['billing']): it is the poll that saw the change.
  void queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

/**
 * Polls the product list while the user has an order in progress; once it is no longer in progress (paid,
 * failed, withdrawn) the plan and the orders are read again. Answers whether an order is in progress.
 */
export function useRefreshWhileInProgress(): { inProgress: boolean } {
  const brand = useBrand();
  const queryClient = useQueryClient();
  const since = useRef<number | null>(null);
  const list = useQuery({
    ...orderableProductsQuery(brand.partnerId),
    refetchInterval: whileInProgress((data) => Boolean(data?.orderPlaced), since),
  });
  const placed = list.data?.orderPlaced ?? null;
  const seen = useRef(placed);
  useEffect(() => {
    const before = seen.current;
    seen.current = placed;
    if (before !== null && before !== placed) refreshPlan(queryClient);
  }, [placed, queryClient]);
  return { inProgress: placed !== null };
}
