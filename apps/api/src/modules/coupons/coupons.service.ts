import { COUPON_MESSAGES, type PayType, PERIOD_MONTHS } from '@pet/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

// The coupon rules (issue 13, point 10), used by POST /v1/coupon/isvalid, by the prices and by the order
// (which checks again: a coupon can be revoked or used up between the check and the payment). Every refusal
// is one of the spec's 476 server messages (COUPON_MESSAGES).

export type Coupon = typeof coupons.$inferSelect;

export interface CouponCheckInput {
  partnerId: string;
  userId: string;
  productId: string;
  payType: PayType;
  /** What the client says the user is (the web sends existing_customer); checked against the coupon. */
  couponFor?: 'existing_customer' | 'new_customer';
  now: Date;
}

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; message: string };

/** A user is an existing customer once they have a paid order. */
async function isExistingCustomer(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

async function usedBy(db: DbOrTx, couponId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The checks in a fixed order; the first that fails names the answer. */
export async function checkCoupon(
  db: DbOrTx,
  coupon: Coupon | undefined,
  input: CouponCheckInput,
): Promise<CouponCheck> {
  if (!coupon || coupon.partnerId !== input.partnerId || coupon.revokedAt) {
    return { ok: false, message: COUPON_MESSAGES.notFound };
  }
  if (coupon.validFrom && input.now < coupon.validFrom)
    return { ok: false, message: COUPON_MESSAGES.notStarted };
  if (coupon.validTo && input.now > coupon.validTo) return { ok: false, message: COUPON_MESSAGES.expired };
  if (coupon.productIds.length > 0 && !coupon.productIds.includes(input.productId)) {
    return { ok: false, message: COUPON_MESSAGES.notForProduct };
  }
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
    return { ok: false, message: COUPON_MESSAGES.tooMany };
  }
  if (await usedBy(db, coupon.id, input.userId)) return { ok: false, message: COUPON_MESSAGES.alreadyUsed };
  // A repeating coupon must cover at least one whole billing period of the chosen plan.
  const durationMismatch =
    coupon.duration === 'repeating' && (coupon.durationInMonths ?? 0) < PERIOD_MONTHS[input.payType];
  const existing = await isExistingCustomer(db, input.userId);
  const claimed = input.couponFor ?? 'existing_customer';
  const caseMismatch =
    (coupon.customerScope === 'new' && claimed === 'existing_customer') ||
    (coupon.customerScope === 'existing' && claimed === 'new_customer');
  if (durationMismatch && caseMismatch) return { ok: false, message: COUPON_MESSAGES.durationAndCase };
  if (durationMismatch) return { ok: false, message: COUPON_MESSAGES.durationMismatch };
  if (coupon.customerScope === 'new' && existing)
    return { ok: false, message: COUPON_MESSAGES.newCustomersOnly };
  if (coupon.customerScope === 'existing' && !existing) {
    return { ok: false, message: COUPON_MESSAGES.existingCustomersOnly };
  }
  if (caseMismatch) return { ok: false, message: COUPON_MESSAGES.notForThisCase };
  return { ok: true, coupon };
}

export async function findCouponByCode(
  db: DbOrTx,
  partnerId: string,
  code: string,
): Promise<Coupon | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.partnerId, partnerId), eq(coupons.code, code.trim().toUpperCase())))
    .limit(1);
  return row;
}

export async function findCouponById(db: DbOrTx, id: string): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

export const couponRefused = (message: string) => new AppError(476, 'COUPON_INVALID', message);

/** The coupon an order or a price quote names by id, checked again; 476 with the reason when unusable. */
export async function couponForOrder(db: DbOrTx, couponId: string, input: CouponCheckInput): Promise<Coupon> {
  const result = await checkCoupon(db, await findCouponById(db, couponId), input);
  if (!result.ok) throw couponRefused(result.message);
  return result.coupon;
}

/** The discount on the plan's price in cents: percent rounded down to the cent, or the amount (at most the price). */
export function discountCents(
  coupon: Pick<Coupon, 'percentOff' | 'amountOffCents'>,
  planCents: number,
): number {
  if (coupon.percentOff !== null) return Math.floor((planCents * coupon.percentOff) / 100);
  return Math.min(coupon.amountOffCents ?? 0, planCents);
}

/**
 * Records the coupon's use by a paid order, in the paying transaction. False when it can no longer be used
 * (the customer used it meanwhile, or it ran out): the payment stands, the order keeps the discount given.
 */
export async function redeemCoupon(
  tx: Tx,
  input: { couponId: string; userId: string; orderId: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(couponRedemptions)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.couponId });
  if (inserted.length === 0) return false;
  await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(coupons.id, input.couponId),
        sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`,
      ),
    );
  return true;
}
