import type { Product } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client.ts';

// The brand's product list (GET /v1/subscription/product/list?partner_id=), the app's one query of it: read
// into one cache and parsed once, by the shared response schema. Features shape it with `select`. The schema
// comes with the answer, not with the page that shows it (issue 46): both are asked for at once.

export interface ProductList {
  /** Ordered by sequence, then term. */
  products: Product[];
  /** The product id of a pending order, or null. */
  orderPlaced: string | null;
}

export const productListKeys = {
  all: ['products'] as const,
  of: (partnerId: string) => ['products', partnerId] as const,
};

export async function fetchProductList(partnerId: string, signal?: AbortSignal): Promise<ProductList> {
  const [body, { productListResponseSchema }] = await Promise.all([
    apiFetch<unknown>(apiPaths.productList, { query: { partner_id: partnerId }, signal }),
    import('@pet/shared/schemas/plans'),
  ]);
  const answer = productListResponseSchema.parse(body);
  return {
    products: answer.data.toSorted(
      (a, b) => a.sequence - b.sequence || (a.duration ?? 0) - (b.duration ?? 0),
    ),
    orderPlaced: answer.order_placed,
  };
}

export const productListQuery = (partnerId: string) =>
  queryOptions({
    queryKey: productListKeys.of(partnerId),
    queryFn: ({ signal }) => fetchProductList(partnerId, signal),
    staleTime: 60_000,
  });
