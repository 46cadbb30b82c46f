import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { activationCodes } from './codes.ts';
import { products } from './products.ts';

// The membership: one row per user naming the plan they are on and how they got it (docs/decisions/0003).
// Kept apart from better-auth's `users` table so that the plan's state (and later the billing state) has one
// owner. A user without a row (an account made before plans existed, or by a social sign-in) is on the
// brand's default plan; the row is written the first time anything changes it.

export const userPlans = pgTable(
  'user_plans',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The plan came from a code (or, later, a purchase), not from the default at sign-up. */
    productAssociated: boolean('product_associated').notNull().default(false),
    isPromo: boolean('is_promo').notNull().default(false),
    isGift: boolean('is_gift').notNull().default(false),
    isTrial: boolean('is_trial').notNull().default(false),
    trialMonths: integer('trial_months'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** The type of the code the current plan came from; null on the default plan. */
    activationCodeType: text('activation_code_type'),
    /** The code the user redeemed last: their emergency password. Kept when a trial falls back. */
    activationCodeId: text('activation_code_id').references(() => activationCodes.id, {
      onDelete: 'set null',
    }),
    /** The pg-boss job that ends the trial, cancelled when another code replaces it. */
    trialJobId: text('trial_job_id'),
    /** A gift's end (redemption + the batch's months, 12 when it has none) and the job that ends it. */
    giftEndsAt: timestamp('gift_ends_at', { withTimezone: true }),
    giftJobId: text('gift_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('user_plans_product_id_idx').on(t.productId),
    check(
      'user_plans_code_type_check',
      sql`${t.activationCodeType} is null or ${t.activationCodeType} in ('standard', 'promo', 'gift', 'trial')`,
    ),
    check('user_plans_trial_check', sql`not ${t.isTrial} or ${t.trialEndsAt} is not null`),
    check('user_plans_gift_check', sql`${t.giftEndsAt} is null or ${t.isGift}`),
  ],
);
