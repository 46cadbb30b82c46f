import {
  type PayType,
  type PlanListProduct,
  downgradeList as sharedDowngradeList,
  downgradePriceId as sharedDowngradePriceId,
} from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';
import type { OrderableProduct } from '../api/billing.ts';

// The downgrade list and the price a downgrade names (spec 2 section 4 "Plans offered" and "Cancel flow";
// ADR 0011) are the shared rules the API enforces (packages/shared/plan-lists.ts); this adapts the web's
// product cards to them.

function listShape(product: OrderableProduct): PlanListProduct {
  return {
    id: product.plan.id,
    sequence: product.plan.sequence,
    duration: product.plan.duration,
    yearly_price: product.plan.yearly_price,
    monthly_price_id: product.monthlyPriceId,
    yearly_price_id: product.yearlyPriceId,
  };
}

/** The plans at or below the current one (the current one included), as the API's rule offers them. */
export function downgradeList(
  products: OrderableProduct[],
  current: OrderableProduct,
  brand: Pick<BrandConfig, 'downgradeRank'>,
): OrderableProduct[] {
  const offered = new Set(
    sharedDowngradeList(products.map(listShape), listShape(current), brand).map((p) => p.id),
  );
  return products.filter((p) => offered.has(p.plan.id));
}

/** The price id a downgrade to `target` is requested with; null for the current plan or without a price. */
export function downgradePriceId(
  target: OrderableProduct,
  current: OrderableProduct,
  payType: PayType,
): string | null {
  return sharedDowngradePriceId(listShape(target), listShape(current), payType);
}

/** How the user pays now: monthly when their price is the plan's monthly one (myinfo.stripe_price_id). */
export function currentPayType(current: OrderableProduct, stripePriceId: string | null): PayType {
  return stripePriceId !== null && stripePriceId === current.monthlyPriceId ? 'monthly' : 'yearly';
}
