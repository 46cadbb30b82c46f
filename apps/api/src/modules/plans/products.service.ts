import type { ProductListResponse } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findBlockingOrder } from '../billing/orders/orders.repo.ts';
import { listProducts, toProduct } from './products.repo.ts';

/**
 * GET /v1/subscription/product/list: the partner's active plans by sequence, and for a signed-in caller the
 * product of their open order that blocks a new one (null signed out).
 */
export async function productList(
  db: DbOrTx,
  partnerId: string,
  userId: string | null,
  now: Date,
): Promise<ProductListResponse> {
  const rows = await listProducts(db, partnerId, { activeOnly: true });
  const open = userId ? await findBlockingOrder(db, userId, now) : undefined;
  return { data: rows.map(toProduct), order_placed: open?.productId ?? null };
}
