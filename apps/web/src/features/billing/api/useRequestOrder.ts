import { useMutation } from '@tanstack/react-query';
import { requestChange } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

/** POST /v1/subscription/change/request: the order, answered with the payment's client secret. */
export function useRequestOrder() {
  return useMutation({ mutationKey: billingMutationKeys.order, mutationFn: requestChange });
}
