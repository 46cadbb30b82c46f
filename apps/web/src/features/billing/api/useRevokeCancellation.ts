import { useMutation } from '@tanstack/react-query';
import { billingMutationKeys } from './billingKeys.ts';
import { revokeCancellation } from './subscription.ts';

/** POST /v1/subscription/cancel/revoke. Like the cancel, the screen leaves before the refresh. */
export function useRevokeCancellation() {
  return useMutation({ mutationKey: billingMutationKeys.revokeCancellation, mutationFn: revokeCancellation });
}
