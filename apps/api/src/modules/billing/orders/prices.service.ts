import { type BrandConfig, centsToEuro, euroToCents, type PayType, type PricesResponse } from '@pet/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { DAY_MS } from '../../../lib/dates.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { couponForOrder, discountCents } from '../../coupons/coupons.service.ts';
import { type CurrentPlan, currentPlan } from '../../plans/membership.service.ts';
import { findProductById, type ProductRow } from '../../plans/products.repo.ts';
import { trackerIdsOf } from '../../plans/trackers.repo.ts';
import { findSubscription, type SubscriptionRow } from '../subscription-row.ts';
import { type OptionalService, optionalServiceCents, optionalServiceOffer } from './optional-service.ts';
import { findBlockingOrder, hasPaidTracker } from './orders.repo.ts';

// What an order costs (POST /v1/subscription/prices shows it, the order recomputes it): the plan's price,
// the one-time tracker, the brand's optional service when chosen, the coupon, and the credit for the unused
// days of the current paid term.

export const planNotOrderable = () => conflict('Plan_Not_Orderable_Text');

export function planCents(product: ProductRow, payType: PayType): number {
  return euroToCents(Number(payType === 'monthly' ? product.monthlyPrice : product.yearlyPrice));
}

export interface Proration {
  creditCents: number;
  daysLeft: number;
  daysTotal: number;
}

/**
 * The paid term the user is on now, or undefined. A subscription row exists only once a payment was confirmed
 * (payment-events.service.ts writes it in the paying transaction), so an order still in progress (pending, or a
 * SEPA debit processing) has none. The term counts only while it is active and running, and while the user's
 * plan is that term's product as a paid plan: after a code gave a promo, gift or trial plan (or any other plan
 * replaced it) the user is not on the paid term, and the web shows promo users no credit (spec 2 section 4).
 */
export function paidTermOf(
  subscription: SubscriptionRow | undefined,
  membership: Pick<CurrentPlan, 'product' | 'isPromo' | 'isGift' | 'isTrial'>,
  now: Date,
): SubscriptionRow | undefined {
  if (subscription?.status !== 'active' || subscription.currentPeriodEnd <= now) return undefined;
  if (membership.product?.id !== subscription.productId) return undefined;
  if (membership.isPromo || membership.isGift || membership.isTrial) return undefined;
  return subscription;
}

/** The unused whole days of the paid term the user is on (`paidTermOf`), credited pro rata (rounded down to the cent). */
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
  /** The checkout's box for the brand's optional service. */
  optionalService?: boolean;
  /** The checkout's box for one more GPS tracker (a user with a registered tracker is charged none otherwise). */
  anotherTracker?: boolean;
}

export interface Quote {
  product: ProductRow;
  subscription: SubscriptionRow | undefined;
  membership: CurrentPlan;
  planCents: number;
  trackerCents: number;
  /** The user has registered a GPS tracker (sign-up or activation). */
  trackerRegistered: boolean;
  optionalService: OptionalService | null;
  optionalServiceCents: number;
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

const invalidChoice = (field: string) =>
  badRequest({ [field]: 'Invalid_Value_Error' }, 'Invalid_Value_Error');

/**
 * The GPS tracker's one-time price on a GPS plan: charged with the first order of a user who has none (no
 * tracker registered at sign-up or activation, none paid with an earlier order), or when the user asks for
 * another one. `another_tracker` on a plan that sells no tracker is refused.
 */
async function trackerCharge(db: DbOrTx, product: ProductRow, userId: string, another: boolean) {
  const registered = (await trackerIdsOf(db, userId)).length > 0;
  const sold = product.gpsTracking && product.trackerPrice !== null;
  if (another && !sold) throw invalidChoice('another_tracker');
  if (!sold) return { registered, cents: 0 };
  const owns = registered || (await hasPaidTracker(db, userId));
  return { registered, cents: another || !owns ? euroToCents(Number(product.trackerPrice)) : 0 };
}

export async function quote(
  db: DbOrTx,
  brand: BrandConfig,
  input: QuoteInput,
  now: Date,
  offered: OptionalService | null = null,
): Promise<Quote> {
  const product = await orderableProduct(db, brand, input.productId);
  const plan = planCents(product, input.payType);
  const tracker = await trackerCharge(db, product, input.userId, input.anotherTracker ?? false);
  if (input.optionalService && !offered) throw invalidChoice('optional_service');
  const optional = input.optionalService && offered ? offered : null;
  const optionalCents = optional ? optionalServiceCents(optional) : 0;
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
  const membership = await currentPlan(db, brand, input.userId);
  const credit = proration(paidTermOf(subscription, membership, now), now);
  return {
    product,
    subscription,
    membership,
    planCents: plan,
    trackerCents: tracker.cents,
    trackerRegistered: tracker.registered,
    optionalService: optional,
    optionalServiceCents: optionalCents,
    discountCents: discount,
    coupon,
    proration: credit,
    totalCents: plan + tracker.cents + optionalCents - discount - credit.creditCents,
  };
}

/** POST /v1/subscription/prices */
export async function prices(
  db: DbOrTx,
  brand: BrandConfig,
  vatRatePercent: number,
  input: QuoteInput,
  now: Date,
  offered: OptionalService | null = null,
): Promise<PricesResponse> {
  const q = await quote(db, brand, input, now, offered);
  const { membership } = q;
  const open = await findBlockingOrder(db, input.userId, now);
  return {
    other_price: centsToEuro(q.planCents),
    tracker_price: centsToEuro(q.trackerCents),
    tracker_registered: q.trackerRegistered,
    optional_service_price: centsToEuro(q.optionalServiceCents),
    optional_service_price_cents: q.optionalServiceCents,
    optional_service: optionalServiceOffer(offered),
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
