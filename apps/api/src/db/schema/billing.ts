import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { coupons } from './coupons.ts';
import { products } from './products.ts';
import { recordTimestamps } from './record-columns.ts';

// Buying a plan (issue 13): the paid subscription, orders with their invoices, the invoice counters, the
// payment events already processed, and the sandbox provider's payment intents. Money is integer cents.

/**
 * The user's customer at the payment provider (cus_…), made with their first order and reused by every later
 * one (Stripe keeps cards, mandates and invoices per customer). The sandbox makes its own ids.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox | stripe */
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_ref_uq').on(t.provider, t.customerRef)],
);

/**
 * The user's paid subscription at the provider: one row per user, written when the first payment is
 * confirmed and updated by every later one. The membership (`user_plans`) says which plan the user is on;
 * this row says what was paid, for which period, and where (provider refs). No row: nothing paid.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox | stripe */
    provider: text('provider').notNull(),
    /** The provider's customer (cus_…); the sandbox makes its own. */
    customerRef: text('customer_ref').notNull(),
    /** The provider's subscription (sub_…); null while none exists at the provider. */
    subscriptionRef: text('subscription_ref'),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    priceId: text('price_id').notNull(),
    /** monthly | yearly */
    payType: text('pay_type').notNull(),
    /** card | sepa: how the current term was paid. */
    paymentMethod: text('payment_method').notNull(),
    /** "Visa •••• 4242" / "SEPA DE89 •••• 3000": never a whole number. */
    paymentMethodLabel: text('payment_method_label'),
    /** The current paid term: [start, end). Proration credits its unused days. */
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** What the current term's plan cost (without the tracker), after its discount: proration's base. */
    termPaidCents: integer('term_paid_cents').notNull(),
    /**
     * active: renews at the term's end; past_due: the renewal failed and is being tried again
     * (RENEWAL_RETRY_DAYS); ended: the paid plan is over (`ended_at`), the user is on the default plan.
     */
    status: text('status').notNull().default('active'),
    /** Set by POST /v1/subscription/cancel: the term's end, when it ends instead of renewing; null: renews. */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    /** A downgrade scheduled for the term's end (POST /v1/subscription/downgrade); null: none. */
    downgradeProductId: text('downgrade_product_id').references(() => products.id),
    downgradePriceId: text('downgrade_price_id'),
    downgradePayType: text('downgrade_pay_type'),
    /**
     * The saved payment method renewals are charged to: Stripe's pm_…, the sandbox's test method id
     * (pm_card_visa, pm_card_chargeCustomerFail, pm_sepa_debit_…: never a number). Its display label is
     * payment_method_label; GET /v1/user/payment_method reads the details from the provider.
     */
    paymentMethodRef: text('payment_method_ref'),
    /** Failed tries of the current renewal (0 while none failed). */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    /** The pending billing.term-end (or renewal-retry) job, cancelled when the term changes. */
    termJobId: text('term_job_id'),
    /** When the paid plan ended (status ended): the reactivation window counts from here. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The `ended_at` whose document erasure warning was claimed for sending (documents/erasure.ts): set before
     * the mail goes to the SMTP server, cleared if it is refused, so a warning job run twice mails once.
     */
    erasureWarnedFor: timestamp('erasure_warned_for', { withTimezone: true }),
    ...recordTimestamps(),
  },
  (t) => [
    uniqueIndex('subscriptions_customer_ref_uq').on(t.provider, t.customerRef),
    check('subscriptions_pay_type_check', sql`${t.payType} in ('monthly', 'yearly')`),
    check('subscriptions_payment_method_check', sql`${t.paymentMethod} in ('card', 'sepa')`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'ended')`),
    check(
      'subscriptions_downgrade_check',
      sql`(${t.downgradeProductId} is null) = (${t.downgradePriceId} is null) and (${t.downgradePriceId} is null) = (${t.downgradePayType} is null)`,
    ),
    check('subscriptions_ended_check', sql`(${t.status} = 'ended') = (${t.endedAt} is not null)`),
    check('subscriptions_period_check', sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
  ],
);

/**
 * One order: created by POST /v1/subscription/change/request (pending), moved by payment events only
 * (processing → paid | failed), canceled by DELETE /v1/order/delete while pending. Statuses only move
 * forward; paid is final. `invoice_number` is given in the transaction that marks it paid (gapless per
 * partner and year). `user_id` is kept null-able for invoices the law requires after an account is deleted.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Shown to the user as the order number. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    partnerId: text('partner_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The product's name when ordered (invoices keep it if the catalogue changes). */
    productName: text('product_name').notNull(),
    priceId: text('price_id').notNull(),
    payType: text('pay_type').notNull(),
    orderType: text('order_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentMethodLabel: text('payment_method_label'),
    status: text('status').notNull().default('pending'),
    /** Amounts in cents; total = plan + tracker + optional service − discount − proration credit. VAT included. */
    planCents: integer('plan_cents').notNull(),
    trackerCents: integer('tracker_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The brand's optional service chosen at checkout (spec 2 section 9): its price, 0 without one. */
    optionalServiceCents: integer('optional_service_cents').notNull().default(0),
    /** Its name in the order's language when ordered (invoices keep it if the configuration changes). */
    optionalServiceName: text('optional_service_name'),
    prorationCreditCents: integer('proration_credit_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Basis points of VAT included in the total (1900 = 19 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    couponId: text('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    /** An activation code used with this order (codes the user redeemed), else null. */
    activationCode: text('activation_code'),
    /** sandbox | stripe, and the provider's refs: the payment (pi_… / in_…) and the subscription. */
    provider: text('provider').notNull(),
    paymentRef: text('payment_ref'),
    subscriptionRef: text('subscription_ref'),
    /** The billing address the user gave at checkout: name, email, street, zipcode, city, country, phone. */
    billingAddress: jsonb('billing_address')
      .$type<{
        name: string;
        email: string;
        street: string;
        zipcode: string;
        city: string;
        country: string;
        phone: string;
      }>()
      .notNull(),
    /** The user's language when ordering (invoice and mail). */
    language: text('language').notNull(),
    failureCode: text('failure_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The service period the payment covers: order date to subscription end. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    invoiceYear: integer('invoice_year'),
    invoiceSequence: integer('invoice_sequence'),
    /** e.g. PE-2026-00001: the partner's prefix, the year, the gapless sequence. */
    invoiceNumber: text('invoice_number'),
    /**
     * When the order confirmation mail (with the invoice) was claimed for sending: set before the mail goes to
     * the SMTP server, cleared again if it is refused, so a job run twice mails once (jobs/reminders.ts's
     * claim and release).
     */
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    ...recordTimestamps(),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_payment_ref_uq').on(t.provider, t.paymentRef),
    uniqueIndex('orders_invoice_uq').on(t.partnerId, t.invoiceYear, t.invoiceSequence),
    uniqueIndex('orders_number_uq').on(t.number),
    // At most one open order per user: the 434 rule holds under concurrent requests too.
    uniqueIndex('orders_one_open_per_user_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check('orders_status_check', sql`${t.status} in ('pending', 'processing', 'paid', 'failed', 'canceled')`),
    check('orders_order_type_check', sql`${t.orderType} in ('new', 'upgrade', 'renewal')`),
    check('orders_pay_type_check', sql`${t.payType} in ('monthly', 'yearly')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('card', 'sepa')`),
    check(
      'orders_amounts_check',
      sql`${t.planCents} >= 0 and ${t.trackerCents} >= 0 and ${t.discountCents} >= 0 and ${t.prorationCreditCents} >= 0`,
    ),
    check(
      'orders_optional_service_check',
      sql`${t.optionalServiceCents} >= 0 and (${t.optionalServiceCents} = 0) = (${t.optionalServiceName} is null)`,
    ),
    check(
      'orders_paid_check',
      sql`${t.status} <> 'paid' or (${t.paidAt} is not null and ${t.invoiceNumber} is not null)`,
    ),
  ],
);

/** The last invoice sequence given per partner and year: `update … set last = last + 1 returning` in the paying transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    partnerId: text('partner_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.year] })],
);

/**
 * Every provider event already processed, by its id (evt_…): inserted in the transaction that applies the
 * event, so a replay (concurrent or later) finds the row and changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's payment intents (its stand-in for Stripe's servers). Keeps only what Stripe would
 * show a merchant: amount, status, method type, brand and last four digits; never a card number or IBAN.
 * `client_secret_hash` is the SHA-256 of the secret the browser confirms with.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecretHash: text('client_secret_hash').notNull(),
    customerRef: text('customer_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** card | sepa: what the order allows. */
    method: text('method').notNull(),
    /** requires_payment_method | requires_action | processing | succeeded | canceled */
    status: text('status').notNull().default('requires_payment_method'),
    /** What the confirmation chose, kept for the event (e.g. the SEPA outcome after processing). */
    outcome: text('outcome'),
    paymentMethodLabel: text('payment_method_label'),
    lastError: jsonb('last_error').$type<{ code: string; decline_code: string | null; message: string }>(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    ...recordTimestamps(),
  },
  (t) => [
    check(
      'sandbox_payment_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled')`,
    ),
  ],
);
