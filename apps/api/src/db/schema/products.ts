import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The plans a partner (brand) offers, with every field of the spec's Product. Rows are seeded from
// modules/plans/catalogue/<brand>.json (missing keys only) and edited by the operator's CLI; `key` is the
// stable slug both use, `id` what the API and the other tables refer to.

const euro = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull(),
    monthlyPrice: euro('monthly_price').notNull().default(0),
    yearlyPrice: euro('yearly_price').notNull().default(0),
    monthlyPriceId: text('monthly_price_id'),
    yearlyPriceId: text('yearly_price_id'),
    stripeId: text('stripe_id'),
    /** The plan a new user without a code gets; at most one per partner. */
    isDefault: boolean('is_default').notNull().default(false),
    petsLimit: integer('pets_limit').notNull(),
    /** 100 or more is shown (and treated) as unlimited. */
    documentsLimit: integer('documents_limit').notNull(),
    gpsTracking: boolean('gps_tracking').notNull().default(false),
    medical: boolean('medical').notNull().default(false),
    appointments: boolean('appointments').notNull().default(false),
    emergencyFile: boolean('emergency_file').notNull().default(false),
    /** Term in months (1, 12, 24 on tier-fritz); null: billed monthly or yearly as chosen at checkout. */
    duration: integer('duration'),
    /** Operator's label; 'Promo' marks promotion products (myinfo carries it). */
    internalNote: text('internal_note'),
    /** The one-time GPS tracker add-on, on plans that sell one. */
    trackerPrice: euro('tracker_price'),
    /** Inactive products are not listed and their codes answer 471; users already on one keep it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('products_partner_key_uq').on(t.partnerId, t.key),
    uniqueIndex('products_partner_default_uq').on(t.partnerId).where(sql`${t.isDefault}`),
    index('products_partner_sequence_idx').on(t.partnerId, t.sequence),
    check(
      'products_values_check',
      sql`${t.sequence} >= 0 and ${t.petsLimit} >= 0 and ${t.documentsLimit} >= 0 and ${t.monthlyPrice} >= 0 and ${t.yearlyPrice} >= 0 and (${t.duration} is null or ${t.duration} > 0)`,
    ),
  ],
);
