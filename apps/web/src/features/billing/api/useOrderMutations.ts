import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productListKeys } from '../../../lib/plan/productList.ts';
import { checkCoupon, deleteOrder, requestChange, sandboxChallenge, sandboxConfirm } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

// The checkout's writes: the order, its payment in the sandbox, the coupon check and the order's removal. Each
// hook owns its request and what the cache does after it; a failure is reported once, by the query client's
// MutationCache (app/queryClient.ts). What the user sees next is the checkout's (lib/useCheckout.ts).

/** POST /v1/subscription/change/request: the order, answered with the payment's client secret. */
export function useRequestOrder() {
  return useMutation({ mutationKey: billingMutationKeys.order, mutationFn: requestChange });
}

/**
 * DELETE /v1/order/delete: the order of a payment the provider refused. Whether or not it went, the product
 * list (its `order_placed`) is read again.
 */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: billingMutationKeys.deleteOrder,
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productListKeys.all }),
  });
}

/** POST /v1/sandbox/payment_intents/{id}/confirm: the sandbox's card or IBAN for the order's payment. */
export function useSandboxConfirm() {
  return useMutation({ mutationKey: billingMutationKeys.sandboxConfirm, mutationFn: sandboxConfirm });
}

/** POST /v1/sandbox/payment_intents/{id}/challenge: the sandbox's 3-D Secure answer. */
export function useSandboxChallenge() {
  return useMutation({
    mutationKey: billingMutationKeys.sandboxChallenge,
    mutationFn: ({ clientSecret, result }: { clientSecret: string; result: 'authenticate' | 'fail' }) =>
      sandboxChallenge(clientSecret, result),
  });
}

/** POST /v1/coupon/isvalid: whether the code is a coupon for this plan and period (undefined: none, 204). */
export function useCheckCoupon() {
  return useMutation({ mutationKey: billingMutationKeys.checkCoupon, mutationFn: checkCoupon });
}
