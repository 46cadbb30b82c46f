import type { BrandConfig } from './brands.ts';
import type { PayType } from './domain/billing.ts';
import type { Product } from './schemas/plans.ts';

// The downgrade rules of spec 2 section 4 ("Plans offered", "Cancel flow"), once for the server (which
// refuses anything else) and the web (which offers only these): pure functions over the product list's shape.

/** The fields of a product of GET /v1/subscription/product/list the rules read. */
export type PlanListProduct = Pick<
  Product,
  'id' | 'sequence' | 'duration' | 'yearly_price' | 'monthly_price_id' | 'yearly_price_id'
>;

function rank(product: PlanListProduct, brand: Pick<BrandConfig, 'downgradeRank'>): number | null {
  return brand.downgradeRank === 'duration' ? product.duration : product.yearly_price;
}

/**
 * The downgrade list: the plans at or below the current one (by term on a brand that ranks by duration, by
 * yearly price elsewhere), never one with a zero yearly price (the free plan, monthly-only terms). The current
 * plan is on it when it qualifies, as the card the list starts from; it is no downgrade target
 * (downgradePriceId). Keeps the products' order.
 */
export function downgradeList<P extends PlanListProduct>(
  products: readonly P[],
  current: PlanListProduct,
  brand: Pick<BrandConfig, 'downgradeRank'>,
): P[] {
  const ceiling = rank(current, brand);
  if (ceiling === null) return [];
  return products.filter((product) => {
    const at = rank(product, brand);
    return product.yearly_price > 0 && at !== null && at <= ceiling;
  });
}

/**
 * The price id a downgrade to `target` is requested with: its yearly one, or its monthly one when the user
 * pays monthly and the target's sequence is above 2 (spec "Cancel flow"). Null when there is none, or when the
 * target is the current plan (no downgrade).
 */
export function downgradePriceId(
  target: PlanListProduct,
  current: PlanListProduct,
  payType: PayType,
): string | null {
  if (target.id === current.id) return null;
  return (
    (payType === 'monthly' && target.sequence > 2 ? target.monthly_price_id : target.yearly_price_id) ?? null
  );
}
