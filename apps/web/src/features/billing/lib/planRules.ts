import type { OrderableProduct } from '../api/billing.ts';

// Which plans step 1 offers and which of them can be chosen (spec 2 section 4, "Plans offered").

/**
 * The upgrade list: the plans at or above the current plan's position in the brand's list (sequence, then
 * term). Promo users see their promo product plus the plans with medical data.
 */
export function offeredPlans(
  products: OrderableProduct[],
  currentId: string | null,
  isPromo: boolean,
): OrderableProduct[] {
  if (isPromo) return products.filter((p) => p.plan.id === currentId || p.plan.medical);
  const at = products.findIndex((p) => p.plan.id === currentId);
  return at === -1 ? products : products.slice(at);
}

/**
 * The offered list plus the target of a pending downgrade (below the current plan, so not offered), where
 * the user sees its 'Downgrading' badge; in the brand list's order.
 */
export function withDowngradeTarget(
  products: OrderableProduct[],
  offered: OrderableProduct[],
  targetId: string | null,
): OrderableProduct[] {
  if (targetId === null || offered.some((p) => p.plan.id === targetId)) return offered;
  return products.filter((p) => p.plan.id === targetId || offered.includes(p));
}

export type DisabledReason = 'free' | 'current' | 'selected' | 'ordered';

/** Why a card cannot be chosen, or null when it can. */
export function disabledReason(
  product: OrderableProduct,
  state: { currentId: string | null; selectedId: string | null; orderPlaced: string | null },
): DisabledReason | null {
  const { plan } = product;
  if (plan.id === state.currentId) return 'current';
  const noPrices = plan.monthly_price <= 0 && plan.yearly_price <= 0;
  const noPriceIds = product.monthlyPriceId === null && product.yearlyPriceId === null;
  if (noPrices || noPriceIds) return 'free';
  if (plan.id === state.orderPlaced) return 'ordered';
  if (plan.id === state.selectedId) return 'selected';
  return null;
}

/** Yearly when the plan has a yearly price, else monthly (spec: "Yearly is the default if yearly_price > 0"). */
export function defaultPayType(product: OrderableProduct): 'monthly' | 'yearly' {
  return product.plan.yearly_price > 0 && product.yearlyPriceId !== null ? 'yearly' : 'monthly';
}
