import type { CancelAtResponse, CancelResponse, DowngradeResponse } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { billingKeys } from './billingKeys.ts';

// The subscription calls of spec 2 section 7 (issue 14): the cancel status, cancel and revoke,
// downgrade and its withdrawal. Each changes what myinfo says, so callers refresh it afterwards.

export const cancelAtQueryKey = billingKeys.cancelAt;

/** GET /v1/subscription/cancelat: 'cancel' while the paid term ends instead of renewing. */
export const cancelAtQuery = queryOptions({
  queryKey: cancelAtQueryKey,
  queryFn: ({ signal }) => apiFetch<CancelAtResponse>(apiPaths.cancelAt, { signal }),
});

export function cancelSubscription(): Promise<CancelResponse> {
  return apiFetch<CancelResponse>(apiPaths.cancel, { method: 'POST' });
}

export function revokeCancellation(): Promise<unknown> {
  return apiFetch(apiPaths.cancelRevoke, { method: 'POST' });
}

export function scheduleDowngrade(priceId: string): Promise<DowngradeResponse> {
  return apiFetch<DowngradeResponse>(apiPaths.downgrade, { method: 'POST', body: { price_id: priceId } });
}

export function withdrawDowngrade(): Promise<DowngradeResponse> {
  return apiFetch<DowngradeResponse>(apiPaths.cancelDowngrade, { method: 'POST' });
}
