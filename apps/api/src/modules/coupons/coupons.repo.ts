import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts';
import { normalizeCode } from '../plans/codes.repo.ts';

// The coupons' SQL; the rules are in coupons.service.ts.

export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'timesRedeemed' | 'revokedAt' | 'createdAt'>;

export async function findCouponByCode(
  db: DbOrTx,
  partnerId: string,
  code: string,
): Promise<Coupon | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.partnerId, partnerId), eq(coupons.code, normalizeCode(code))))
    .limit(1);
  return row;
}

export async function findCouponById(db: DbOrTx, id: string): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** A user is an existing customer once they have a paid order. */
export async function hasPaidOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

export async function hasRedeemed(db: DbOrTx, couponId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user's redemption; false when they already have one (the unique index, also under concurrency). */
export async function insertRedemption(
  db: DbOrTx,
  redemption: { couponId: string; userId: string; orderId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(couponRedemptions)
    .values(redemption)
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.couponId });
  return inserted.length === 1;
}

export async function deleteRedemption(db: DbOrTx, couponId: string, userId: string): Promise<void> {
  await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
}

/**
 * Counts one redemption unless the coupon ran out. A concurrent counter update holds the row; PostgreSQL then
 * re-checks the condition on the committed count, so max_redemptions is never passed.
 */
export async function countRedemption(db: DbOrTx, couponId: string): Promise<boolean> {
  const updated = await db
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ id: coupons.id });
  return updated.length === 1;
}

/** Undefined when the partner already has that code. */
export async function insertCoupon(db: DbOrTx, coupon: NewCoupon): Promise<Coupon | undefined> {
  const [row] = await db
    .insert(coupons)
    .values({ ...coupon, id: randomUUID() })
    .onConflictDoNothing({ target: [coupons.partnerId, coupons.code] })
    .returning();
  return row;
}

export async function listCoupons(db: DbOrTx, partnerId: string): Promise<Coupon[]> {
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.partnerId, partnerId))
    .orderBy(asc(coupons.createdAt), asc(coupons.code));
}

/** Undefined when it was already revoked (or does not exist). */
export async function revokeCoupon(db: DbOrTx, id: string, at: Date): Promise<Coupon | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ revokedAt: at })
    .where(and(eq(coupons.id, id), isNull(coupons.revokedAt)))
    .returning();
  return row;
}
