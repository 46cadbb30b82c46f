import { useMutation } from '@tanstack/react-query';
import { checkCoupon } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

/** POST /v1/coupon/isvalid: whether the code is a coupon for this plan and period (undefined: none, 204). */
export function useCheckCoupon() {
  return useMutation({ mutationKey: billingMutationKeys.checkCoupon, mutationFn: checkCoupon });
}
