import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productListKeys } from '../../../lib/plan/productList.ts';
import { deleteOrder } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

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
