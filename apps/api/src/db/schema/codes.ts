import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';

// Activation codes, issued by the operator in batches (CLI). A batch binds its codes to one product and a
// type; a code is redeemed once: `redeemed_at` is set in the same transaction that puts the user on the
// product, and stays set even when that account is later deleted (`redeemed_by` then becomes null).

export const activationCodeBatches = pgTable(
  'activation_code_batches',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** standard | promo | gift | trial */
    type: text('type').notNull(),
    /** Trial length in months (trial batches: required); gift length (gift batches: null = 12 months). */
    months: integer('months'),
    /** Inclusive calendar days (Europe/Berlin); null: open on that side. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** A revoked batch answers like a missing one (478). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activation_code_batches_product_id_idx').on(t.productId),
    check('activation_code_batches_type_check', sql`${t.type} in ('standard', 'promo', 'gift', 'trial')`),
    check(
      'activation_code_batches_months_check',
      sql`(${t.type} <> 'trial' or ${t.months} is not null) and (${t.type} in ('trial', 'gift') or ${t.months} is null) and (${t.months} is null or ${t.months} between 1 and 120)`,
    ),
    check(
      'activation_code_batches_window_check',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);

export const activationCodes = pgTable(
  'activation_codes',
  {
    id: text('id').primaryKey(),
    /** Stored upper-case; look-ups normalise the same way. */
    code: text('code').notNull().unique(),
    /**
     * Null only for codes made before batches existed; the brand's demo seed adopts them on the next start.
     * A code without a batch answers 478.
     */
    batchId: text('batch_id').references(() => activationCodeBatches.id),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activation_codes_redeemed_by_idx').on(t.redeemedBy),
    index('activation_codes_batch_id_idx').on(t.batchId),
    check('activation_codes_code_upper_check', sql`${t.code} = upper(${t.code})`),
  ],
);
