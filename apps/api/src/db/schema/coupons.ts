import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// Coupons (issue 13, point 10): issued by the operator CLI (`coupons create|list|revoke`), checked by
// POST /v1/coupon/isvalid, applied to an order's price, and redeemed when the order is paid.

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    /** Upper-case, unique per partner; users type it in any case. */
    code: text('code').notNull(),
    /** Exactly one of percent_off (1-100) and amount_off_cents (> 0). */
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** once | repeating | forever (Stripe's durations); repeating lasts duration_in_months. */
    duration: text('duration').notNull(),
    durationInMonths: integer('duration_in_months'),
    /** Product ids it applies to; empty: every product of the partner. */
    productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Inclusive window (null: open). */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Redemptions allowed across all customers (null: unlimited), and those made. */
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    /** new: only users without a paid order; existing: only users with one; all. */
    customerScope: text('customer_scope').notNull().default('all'),
    /** The provider's coupon id (Stripe), made when first used there. */
    providerRef: text('provider_ref'),
    note: text('note'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_partner_code_uq').on(t.partnerId, t.code),
    check('coupons_code_upper_check', sql`${t.code} = upper(${t.code})`),
    check(
      'coupons_off_check',
      sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null) and (${t.percentOff} is null or ${t.percentOff} between 1 and 100) and (${t.amountOffCents} is null or ${t.amountOffCents} > 0)`,
    ),
    check(
      'coupons_duration_check',
      sql`${t.duration} in ('once', 'forever') and ${t.durationInMonths} is null or ${t.duration} = 'repeating' and ${t.durationInMonths} > 0`,
    ),
    check('coupons_scope_check', sql`${t.customerScope} in ('new', 'existing', 'all')`),
    check(
      'coupons_redemptions_check',
      sql`${t.timesRedeemed} >= 0 and (${t.maxRedemptions} is null or ${t.timesRedeemed} <= ${t.maxRedemptions})`,
    ),
  ],
);

/** One use of a coupon by one customer (single use per customer: the unique index). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The paid order that used it. */
    orderId: text('order_id').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_coupon_user_uq').on(t.couponId, t.userId),
    index('coupon_redemptions_user_id_idx').on(t.userId),
  ],
);
