import type { ProductListResponse } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { listProducts, toProduct } from './products.repo.ts';

/** GET /v1/subscription/product/list: the partner's active plans by sequence. Orders arrive with billing. */
export async function productList(db: DbOrTx, partnerId: string): Promise<ProductListResponse> {
  const rows = await listProducts(db, partnerId, { activeOnly: true });
  return { data: rows.map(toProduct), order_placed: null };
}
