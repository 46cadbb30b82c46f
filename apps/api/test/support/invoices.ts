import { randomUUID } from 'node:crypto';
import { brandConfig } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema/billing.ts';
import type { PaidOrder } from '../../src/modules/billing/invoices/invoice-lines.ts';
import type { TestUser } from './accounts.ts';
import { productOf } from './plans.ts';
import type { TestApp } from './test-app.ts';

// Orders written straight into the database, as the payment event handler leaves them (paid, with their
// invoice number), for the invoice and order confirmation tests: they test what is printed and mailed, not
// how an order gets paid.

export type OrderOverrides = Partial<Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'partnerId'>>;

let sequence = 0;

/** A paid Premium order of `user` (yearly, card), with any field overridden. */
export async function insertOrder(
  t: TestApp,
  user: TestUser,
  overrides: OrderOverrides = {},
): Promise<PaidOrder> {
  const brand = brandConfig(t.env.BRAND);
  const product = await productOf(t.database, t.env.BRAND, 'premium');
  sequence += 1;
  const prefix = brand.id.slice(0, 2).toUpperCase();
  const paid = (overrides.status ?? 'paid') === 'paid';
  const [order] = await t.database.db
    .insert(orders)
    .values({
      id: randomUUID(),
      userId: user.id,
      partnerId: brand.partnerId,
      productId: product.id,
      productName: product.name,
      priceId: product.yearlyPriceId ?? 'price_test_yearly',
      payType: 'yearly',
      orderType: 'new',
      paymentMethod: 'card',
      paymentMethodLabel: 'Visa •••• 4242',
      status: 'paid',
      planCents: 5999,
      totalCents: 5999,
      vatRateBasisPoints: 1900,
      provider: 'sandbox',
      paymentRef: `pi_test_${randomUUID()}`,
      billingAddress: {
        name: user.name,
        email: user.email,
        street: 'Hauptstraße 1',
        zipcode: '10115',
        city: 'Berlin',
        country: 'DE',
        phone: '+49 30 1234567',
      },
      language: 'en',
      ...(paid
        ? {
            paidAt: new Date('2026-03-01T23:30:00Z'),
            periodStart: new Date('2026-03-01T23:30:00Z'),
            periodEnd: new Date('2027-03-01T23:30:00Z'),
            invoiceYear: 2026,
            invoiceSequence: sequence,
            invoiceNumber: `${prefix}-2026-${String(sequence).padStart(5, '0')}`,
          }
        : {}),
      ...overrides,
    })
    .returning();
  return order!;
}

export async function storedOrder(t: TestApp, id: string): Promise<PaidOrder> {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}
