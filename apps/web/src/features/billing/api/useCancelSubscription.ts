import { useMutation } from '@tanstack/react-query';
import { billingMutationKeys } from './billingKeys.ts';
import { cancelSubscription } from './subscription.ts';

/**
 * POST /v1/subscription/cancel. What follows (the confirmation page, then myinfo and the cancel status read
 * again) is the screen's: it must leave the page before the cancel status is read again.
 */
export function useCancelSubscription() {
  return useMutation({ mutationKey: billingMutationKeys.cancel, mutationFn: cancelSubscription });
}
