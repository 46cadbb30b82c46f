import { randomUUID } from 'node:crypto';
import { type BrandId, brandConfig } from '@pet/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { couponRedemptions, coupons, orders } from '../../src/db/schema/index.ts';
import { type CouponTerms, issueCoupon } from '../../src/modules/coupons/coupons.service.ts';
import { productOf } from './plans.ts';

// Coupons made the way the operator makes them (the CLI's service), and the paid order that makes a user an
// existing customer, for API tests.

export type CouponOptions = Partial<Omit<CouponTerms, 'partnerId'>> & { brand?: BrandId };

let couponCounter = 0;
/** A 10 % coupon for every product, once, for all customers, unless told otherwise; its code is unique. */
export async function makeCoupon(database: Database, options: CouponOptions = {}) {
  const { brand = 'petention', ...terms } = options;
  couponCounter += 1;
  const coupon = await issueCoupon(database.db, {
    partnerId: brandConfig(brand).partnerId,
    code: `TEST${process.pid}X${couponCounter}`,
    percentOff: terms.amountOffCents ? null : 10,
    amountOffCents: null,
    duration: 'once',
    durationInMonths: null,
    productIds: [],
    validFrom: null,
    validTo: null,
    maxRedemptions: null,
    customerScope: 'all',
    note: 'test',
    ...terms,
  });
  if (!coupon) throw new Error('makeCoupon: the code exists');
  return coupon;
}

let invoiceCounter = 0;
/** A paid order of the brand's premium plan, inserted as it is after payment: the user is an existing customer. */
export async function insertPaidOrder(database: Database, userId: string, brand: BrandId = 'petention') {
  const product = await productOf(database, brand, 'premium');
  invoiceCounter += 1;
  await database.db.insert(orders).values({
    id: randomUUID(),
    userId,
    partnerId: product.partnerId,
    productId: product.id,
    productName: product.name,
    priceId: 'price_test',
    payType: 'yearly',
    orderType: 'new',
    paymentMethod: 'card',
    status: 'paid',
    planCents: 2999,
    totalCents: 2999,
    vatRateBasisPoints: 1900,
    provider: 'sandbox',
    billingAddress: {
      name: 'Test Owner',
      email: 'owner@example.test',
      street: '',
      zipcode: '',
      city: '',
      country: 'DE',
      phone: '',
    },
    language: 'en',
    paidAt: new Date(),
    invoiceNumber: `TEST-${process.pid}-${invoiceCounter}`,
  });
}

/** How often a coupon was used: its counter and its redemption rows. */
export async function couponUse(database: Database, couponId: string) {
  const [coupon] = await database.db.select().from(coupons).where(eq(coupons.id, couponId));
  const redemptions = await database.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return { timesRedeemed: coupon?.timesRedeemed, redemptions };
}
