import type { ActivateProductInput, MyInfo, Plan } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { apiFetch } from '../../../lib/api/client.ts';
import { toPlanProducts } from '../../../lib/plan/plan.ts';

// The plan calls of spec 2 section 7: the brand's product list and redeeming an activation code.

function isMyInfo(value: unknown): value is MyInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && 'product' in v;
}

/**
 * POST /v1/subscription/change/apply. Answers the user's new myinfo (null when the answer carries none); a
 * 204 means the code was not found (No_Content_Tex) and is thrown like the other refusals.
 */
export async function applyActivationCode(input: ActivateProductInput): Promise<MyInfo | null> {
  const answer = await apiFetch<unknown>(apiPaths.applyActivationCode, { method: 'POST', body: input });
  if (answer === undefined) throw new ApiError(204, 'NO_CONTENT', 'No_Content_Tex');
  return isMyInfo(answer) ? answer : null;
}

export interface ProductList {
  products: Plan[];
  /** The product id of a pending order, or null. */
  orderPlaced: string | null;
}

/** GET /v1/subscription/product/list?partner_id=<brand>: { data: Product[], order_placed }. */
export async function fetchProductList(partnerId: string, signal?: AbortSignal): Promise<ProductList> {
  const answer = await apiFetch<unknown>(apiPaths.productList, {
    query: { partner_id: partnerId },
    signal,
  });
  const orderPlaced =
    typeof answer === 'object' && answer !== null && 'order_placed' in answer
      ? (answer as { order_placed: unknown }).order_placed
      : null;
  return {
    products: toPlanProducts(answer),
    orderPlaced:
      typeof orderPlaced === 'string' || typeof orderPlaced === 'number' ? String(orderPlaced) : null,
  };
}

export const productListQuery = (partnerId: string) =>
  queryOptions({
    queryKey: ['products', partnerId] as const,
    queryFn: ({ signal }) => fetchProductList(partnerId, signal),
    staleTime: 5 * 60_000,
  });
