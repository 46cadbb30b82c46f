import type { PayType } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';
import type { OrderableProduct } from '../api/billing.ts';

// The downgrade list and the price a downgrade names (spec 2 section 4 "Plans offered" and "Cancel flow";
// ADR 0011). The API checks the same rule, so it belongs in packages/shared (plan-lists.ts) with these names
// and parameters; it is written here until that shared module exists, and is to be replaced by it.

/** Tier-fritz's plans differ by term, so its list is ordered by duration instead of yearly price. */
function ordersByDuration(brand: BrandConfig): boolean {
  return brand.id === 'tier-fritz';
}

/**
 * The plans at or below the current one (the current one included): by duration on tier-fritz, by yearly
 * price elsewhere; never a plan with a zero yearly price.
 */
export function downgradeList(
  products: OrderableProduct[],
  current: OrderableProduct,
  brand: BrandConfig,
): OrderableProduct[] {
  const byDuration = ordersByDuration(brand);
  return products.filter(({ plan }) => {
    if (plan.yearly_price <= 0) return false;
    return byDuration
      ? (plan.duration ?? 0) <= (current.plan.duration ?? 0)
      : plan.yearly_price <= current.plan.yearly_price;
  });
}

/**
 * The yearly price id, or the monthly one when the user pays monthly and the target's sequence is above 2.
 * Null when the target has no such price (it cannot be chosen). The current plan is part of the shared rule's
 * signature; the choice itself depends only on the target and how the user pays.
 */
export function downgradePriceId(
  target: OrderableProduct,
  _current: OrderableProduct,
  payType: PayType,
): string | null {
  return payType === 'monthly' && target.plan.sequence > 2 ? target.monthlyPriceId : target.yearlyPriceId;
}

/** How the user pays now: monthly when their price is the plan's monthly one (myinfo.stripe_price_id). */
export function currentPayType(current: OrderableProduct, stripePriceId: string | null): PayType {
  return stripePriceId !== null && stripePriceId === current.monthlyPriceId ? 'monthly' : 'yearly';
}
