import { type BrandConfig, centsToEuro, euroToCents, type PayType, type PricesResponse } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { DAY_MS } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { couponForOrder, discountCents } from '../coupons/coupons.service.ts';
import { currentPlan } from '../plans/membership.service.ts';
import { findProductById, type ProductRow } from '../plans/products.repo.ts';
import { findBlockingOrder, findSubscription, hasPaidTracker, type SubscriptionRow } from './billing.repo.ts';

// What an order costs (POST /v1/subscription/prices shows it, the order recomputes it): the plan's price,
// the one-time tracker, the coupon, and the credit for the unused days of the current paid term.

export const planNotOrderable = () => new AppError(409, 'CONFLICT', 'Plan_Not_Orderable_Text');

export function planCents(product: ProductRow, payType: PayType): number {
  return euroToCents(Number(payType === 'monthly' ? product.monthlyPrice : product.yearlyPrice));
}

export interface Proration {
  creditCents: number;
  daysLeft: number;
  daysTotal: number;
}

/** The unused whole days of an active paid term, credited pro rata (rounded down to the cent). */
export function proration(subscription: SubscriptionRow | undefined, now: Date): Proration {
  if (subscription?.status !== 'active' || subscription.currentPeriodEnd <= now) {
    return { creditCents: 0, daysLeft: 0, daysTotal: 0 };
  }
  const start = subscription.currentPeriodStart.getTime();
  const end = subscription.currentPeriodEnd.getTime();
  const daysTotal = Math.max(1, Math.round((end - start) / DAY_MS));
  const daysLeft = Math.min(daysTotal, Math.floor((end - now.getTime()) / DAY_MS));
  return {
    creditCents: Math.floor((subscription.termPaidCents * daysLeft) / daysTotal),
    daysLeft,
    daysTotal,
  };
}

export interface QuoteInput {
  userId: string;
  productId: string;
  payType: PayType;
  couponId: string | null;
}

export interface Quote {
  product: ProductRow;
  subscription: SubscriptionRow | undefined;
  planCents: number;
  trackerCents: number;
  discountCents: number;
  coupon: Awaited<ReturnType<typeof couponForOrder>> | null;
  proration: Proration;
  totalCents: number;
}

/** The partner's active product, or 409 Plan_Not_Orderable_Text. */
export async function orderableProduct(
  db: DbOrTx,
  brand: BrandConfig,
  productId: string,
): Promise<ProductRow> {
  const product = await findProductById(db, productId);
  if (!product || product.partnerId !== brand.partnerId || !product.active) throw planNotOrderable();
  return product;
}

export async function quote(db: DbOrTx, brand: BrandConfig, input: QuoteInput, now: Date): Promise<Quote> {
  const product = await orderableProduct(db, brand, input.productId);
  const plan = planCents(product, input.payType);
  const trackerCents =
    product.gpsTracking && product.trackerPrice !== null && !(await hasPaidTracker(db, input.userId))
      ? euroToCents(Number(product.trackerPrice))
      : 0;
  const coupon = input.couponId
    ? await couponForOrder(db, input.couponId, {
        partnerId: brand.partnerId,
        userId: input.userId,
        productId: product.id,
        payType: input.payType,
        now,
      })
    : null;
  const discount = coupon ? discountCents(coupon, plan) : 0;
  const subscription = await findSubscription(db, input.userId);
  const credit = proration(subscription, now);
  return {
    product,
    subscription,
    planCents: plan,
    trackerCents,
    discountCents: discount,
    coupon,
    proration: credit,
    totalCents: plan + trackerCents - discount - credit.creditCents,
  };
}

/** POST /v1/subscription/prices */
export async function prices(
  db: DbOrTx,
  brand: BrandConfig,
  vatRatePercent: number,
  input: QuoteInput,
  now: Date,
): Promise<PricesResponse> {
  const q = await quote(db, brand, input, now);
  const membership = await currentPlan(db, brand, input.userId);
  const open = await findBlockingOrder(db, input.userId, now);
  return {
    other_price: centsToEuro(q.planCents),
    tracker_price: centsToEuro(q.trackerCents),
    discount: centsToEuro(q.discountCents),
    proration: centsToEuro(-q.proration.creditCents),
    total_price_discounted: centsToEuro(q.totalCents),
    other_price_cents: q.planCents,
    tracker_price_cents: q.trackerCents,
    discount_cents: q.discountCents,
    proration_cents: -q.proration.creditCents,
    total_cents: q.totalCents,
    proration_days_left: q.proration.daysLeft,
    proration_days_total: q.proration.daysTotal,
    // Products carry no trial of their own: the notice shows while the user is on a trial of this plan.
    trial_months:
      membership.isTrial && membership.product?.id === q.product.id ? (membership.trialMonths ?? null) : null,
    order_placed: open?.productId ?? null,
    vat_rate_percent: vatRatePercent,
  };
}
