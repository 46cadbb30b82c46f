import type { Product } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client.ts';
import { readProductList } from './readProductList.ts';

// The brand's product list (GET /v1/subscription/product/list?partner_id=), the app's one query of it: read
// into one cache and checked once, as strictly as the shared response schema (readProductList.ts, without
// zod: issue 46). Features shape it with `select`.

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
  const body = await apiFetch<unknown>(apiPaths.productList, { query: { partner_id: partnerId }, signal });
  const answer = readProductList(body);
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
