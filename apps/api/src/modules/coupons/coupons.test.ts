import { readFile } from 'node:fs/promises';
import { COUPON_MESSAGES, textKeyFor476 } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, nextIp, type TestUser } from '../../../test/support/accounts.ts';
import { type CouponOptions, insertPaidOrder, makeCoupon } from '../../../test/support/coupons.ts';
import { productOf } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { couponRedemptions, coupons } from '../../db/schema/index.ts';
import type { ProductRow } from '../plans/products.repo.ts';
import { type Coupon, couponForOrder, redeemCoupon } from './coupons.service.ts';

// POST /v1/coupon/isvalid with every answer of the spec's coupon table, and the redemption under concurrency.

const t = useTestApp();
const DAY = 24 * 3600_000;

let premium: ProductRow;
let basic: ProductRow;
beforeAll(async () => {
  premium = await productOf(t.database, 'petention', 'premium');
  basic = await productOf(t.database, 'petention', 'basic');
});

interface Check {
  code_name?: string;
  email?: string;
  duration?: 'monthly' | 'yearly';
  product_id?: string;
  coupon_for?: 'existing_customer' | 'new_customer';
}

function check(user: TestUser | null, body: Check, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.couponIsValid,
    remoteAddress: ip,
    ...(user ? { headers: as(user) } : {}),
    payload: {
      email: user?.email ?? 'nobody@example.test',
      duration: 'monthly',
      product_id: premium.id,
      coupon_for: 'existing_customer',
      ...body,
    },
  });
}

/** An existing customer: a user with a paid order. */
async function existingCustomer() {
  const user = await t.user();
  await insertPaidOrder(t.database, user.id);
  return user;
}

async function redeem(coupon: Coupon, userId: string) {
  return t.database.db.transaction((tx) =>
    redeemCoupon(tx, { couponId: coupon.id, userId, orderId: `order-${userId}` }),
  );
}

const locales = async (language: 'en' | 'de') =>
  JSON.parse(
    await readFile(new URL(`../../../../web/src/locales/${language}/errors.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

describe('476 answers: every coupon message of the spec, mapped to its text in both languages', () => {
  const coupon = (options: CouponOptions = {}) => makeCoupon(t.database, options);
  const cases: Array<{
    name: string;
    message: string;
    key: string;
    request: () => Promise<{ user: TestUser; body: Check }>;
  }> = [
    {
      name: 'used by this user before',
      message: COUPON_MESSAGES.alreadyUsed,
      key: 'Code_Already_Redeemed',
      request: async () => {
        const user = await t.user();
        const used = await coupon();
        expect(await redeem(used, user.id)).toBe(true);
        return { user, body: { code_name: used.code } };
      },
    },
    {
      name: 'unknown code',
      message: COUPON_MESSAGES.notFound,
      key: 'Coupon_Not_Found',
      request: async () => ({ user: await t.user(), body: { code_name: 'NO-SUCH-COUPON' } }),
    },
    {
      name: 'revoked',
      message: COUPON_MESSAGES.notFound,
      key: 'Coupon_Not_Found',
      request: async () => {
        const revoked = await coupon();
        await t.database.db.update(coupons).set({ revokedAt: new Date() }).where(eq(coupons.id, revoked.id));
        return { user: await t.user(), body: { code_name: revoked.code } };
      },
    },
    {
      name: "another partner's code",
      message: COUPON_MESSAGES.notFound,
      key: 'Coupon_Not_Found',
      request: async () => {
        const other = await coupon({ brand: 'hunde-schutz' });
        return { user: await t.user(), body: { code_name: other.code } };
      },
    },
    {
      name: 'all redemptions made',
      message: COUPON_MESSAGES.tooMany,
      key: 'Too_Many_Coupons_Text',
      request: async () => {
        const scarce = await coupon({ maxRedemptions: 1 });
        expect(await redeem(scarce, (await t.user()).id)).toBe(true);
        return { user: await t.user(), body: { code_name: scarce.code } };
      },
    },
    {
      name: '3 months for a yearly payment',
      message: COUPON_MESSAGES.durationMismatch,
      key: 'Coupon_Duration_Invalid_Text',
      request: async () => {
        const short = await coupon({ duration: 'repeating', durationInMonths: 3 });
        return { user: await t.user(), body: { code_name: short.code, duration: 'yearly' } };
      },
    },
    {
      name: 'an existing-customer coupon checked as new_customer by a paying user',
      message: COUPON_MESSAGES.notForThisCase,
      key: 'Code_Not_For_This_Case_Text',
      request: async () => {
        const forExisting = await coupon({ customerScope: 'existing' });
        return {
          user: await existingCustomer(),
          body: { code_name: forExisting.code, coupon_for: 'new_customer' },
        };
      },
    },
    {
      name: 'duration and case both wrong',
      message: COUPON_MESSAGES.durationAndCase,
      key: 'Coupon_Not_Match_Coupon_Not_For_This_Case_Text',
      request: async () => {
        const both = await coupon({ customerScope: 'existing', duration: 'repeating', durationInMonths: 6 });
        return {
          user: await existingCustomer(),
          body: { code_name: both.code, duration: 'yearly', coupon_for: 'new_customer' },
        };
      },
    },
    {
      name: 'for new customers, the user has paid before',
      message: COUPON_MESSAGES.newCustomersOnly,
      key: 'Coupon_For_New_Customer_User_Already_Exist',
      request: async () => {
        const forNew = await coupon({ customerScope: 'new' });
        return {
          user: await existingCustomer(),
          body: { code_name: forNew.code, coupon_for: 'new_customer' },
        };
      },
    },
    {
      name: 'for existing customers, the user never paid',
      message: COUPON_MESSAGES.existingCustomersOnly,
      key: 'Coupon_For_Existing_User_Doesnot_Exist',
      request: async () => {
        const forExisting = await coupon({ customerScope: 'existing' });
        return { user: await t.user(), body: { code_name: forExisting.code } };
      },
    },
    {
      name: 'for another product',
      message: COUPON_MESSAGES.notForProduct,
      key: 'Coupon_Not_Valid_For_Product',
      request: async () => {
        const basicOnly = await coupon({ productIds: [basic.id] });
        return { user: await t.user(), body: { code_name: basicOnly.code } };
      },
    },
    {
      name: "for every product, checked with another partner's product",
      message: COUPON_MESSAGES.notForProduct,
      key: 'Coupon_Not_Valid_For_Product',
      request: async () => {
        const any = await coupon();
        const foreign = await productOf(t.database, 'hunde-schutz', 'premium');
        return { user: await t.user(), body: { code_name: any.code, product_id: foreign.id } };
      },
    },
    {
      name: 'its window ended',
      message: COUPON_MESSAGES.expired,
      key: 'Code_Expired_Text',
      request: async () => {
        const old = await coupon({ validTo: new Date(Date.now() - DAY) });
        return { user: await t.user(), body: { code_name: old.code } };
      },
    },
    {
      name: 'its window has not begun',
      message: COUPON_MESSAGES.notStarted,
      key: 'Validity_not_started_yet',
      request: async () => {
        const future = await coupon({ validFrom: new Date(Date.now() + DAY) });
        return { user: await t.user(), body: { code_name: future.code } };
      },
    },
  ];

  test.each(cases)('$name: 476 $message', async ({ message, key, request }) => {
    const { user, body } = await request();
    const response = await check(user, body);
    expect(response.statusCode).toBe(476);
    expect(response.json()).toEqual({ code: 'COUPON_INVALID', message });
    expect(textKeyFor476(message, 'coupon')).toBe(key);
    for (const language of ['en', 'de'] as const) expect((await locales(language))[key]).toBeTruthy();
  });

  test("the provider's refusal maps too (not reachable here: see the report)", async () => {
    expect(textKeyFor476(COUPON_MESSAGES.notValidAtProvider, 'coupon')).toBe('Code_Not_Valid_Stripe_Text');
    for (const language of ['en', 'de'] as const) {
      expect((await locales(language)).Code_Not_Valid_Stripe_Text).toBeTruthy();
    }
  });
});

describe('usable coupons', () => {
  test('a percent coupon, typed in lower case with spaces', async () => {
    const coupon = await makeCoupon(t.database, { percentOff: 25, productIds: [premium.id] });
    const response = await check(await t.user(), { code_name: ` ${coupon.code.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      codes: [
        {
          isvalid: true,
          coupon_id: coupon.id,
          message: 'COUPON IS VALID',
          percent_off: 25,
          amount_off: null,
          duration: 'once',
          duration_in_months: null,
        },
      ],
    });
  });

  test('an amount coupon for a year, repeating over 12 months, in euro', async () => {
    const coupon = await makeCoupon(t.database, {
      percentOff: null,
      amountOffCents: 550,
      duration: 'repeating',
      durationInMonths: 12,
    });
    const response = await check(await t.user(), { code_name: coupon.code, duration: 'yearly' });
    expect(response.statusCode).toBe(200);
    expect(response.json().codes[0]).toMatchObject({
      coupon_id: coupon.id,
      percent_off: null,
      amount_off: 5.5,
      duration: 'repeating',
      duration_in_months: 12,
    });
  });

  test('the customer rules follow the account: new for a new user, existing for a paying one', async () => {
    const forNew = await makeCoupon(t.database, { customerScope: 'new' });
    const forExisting = await makeCoupon(t.database, { customerScope: 'existing', duration: 'forever' });
    const newcomer = await t.user();
    // The web always claims existing_customer (spec); the account's state decides.
    expect((await check(newcomer, { code_name: forNew.code })).statusCode).toBe(200);
    expect((await check(newcomer, { code_name: forNew.code, coupon_for: 'new_customer' })).statusCode).toBe(
      200,
    );
    expect((await check(await existingCustomer(), { code_name: forExisting.code })).statusCode).toBe(200);
  });

  test('another e-mail than the account’s is not refused and changes nothing: the account is checked', async () => {
    const forExisting = await makeCoupon(t.database, { customerScope: 'existing' });
    const payer = await existingCustomer();
    const newcomer = await t.user();
    const asNewcomer = await check(newcomer, { code_name: forExisting.code, email: payer.email });
    expect(asNewcomer.json()).toEqual({
      code: 'COUPON_INVALID',
      message: COUPON_MESSAGES.existingCustomersOnly,
    });
    expect(
      (await check(payer, { code_name: forExisting.code, email: 'other@example.test' })).statusCode,
    ).toBe(200);
  });
});

describe('access and guessing', () => {
  test('401 without a session', async () => {
    const coupon = await makeCoupon(t.database);
    const response = await check(null, { code_name: coupon.code });
    expect(response.statusCode).toBe(401);
  });

  test('400 without a code', async () => {
    const response = await check(await t.user(), { code_name: '  ' });
    expect(response.statusCode).toBe(400);
  });

  test('429 after ten checks from one address', async () => {
    const user = await t.user();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await check(user, { code_name: `GUESS${i}` }, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(476));
    expect(statuses[10]).toBe(429);
  });
});

describe('redemption', () => {
  async function redemptions(coupon: Coupon) {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    return { rows: row!.n, timesRedeemed: after!.timesRedeemed };
  }

  test('ten concurrent redemptions by one user: one redemption, the counter +1', async () => {
    const coupon = await makeCoupon(t.database);
    const user = await t.user();
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(coupon, user.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await redemptions(coupon)).toEqual({ rows: 1, timesRedeemed: 1 });
  });

  test('concurrent redemptions by many users never pass max_redemptions', async () => {
    const coupon = await makeCoupon(t.database, { maxRedemptions: 3 });
    const users = await Promise.all(Array.from({ length: 10 }, () => t.user()));
    const results = await Promise.all(users.map((user) => redeem(coupon, user.id)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await redemptions(coupon)).toEqual({ rows: 3, timesRedeemed: 3 });
  });
});

describe("the order's check (couponForOrder)", () => {
  const input = (userId: string) => ({
    partnerId: 'petention',
    userId,
    productId: premium.id,
    payType: 'monthly' as const,
    now: new Date(),
  });

  test("without the client's claim the account decides: a new user's order takes a new-customer coupon", async () => {
    const forNew = await makeCoupon(t.database, { customerScope: 'new' });
    const newcomer = await t.user();
    expect((await couponForOrder(t.database.db, forNew.id, input(newcomer.id))).id).toBe(forNew.id);
    const payer = await existingCustomer();
    await expect(couponForOrder(t.database.db, forNew.id, input(payer.id))).rejects.toMatchObject({
      status: 476,
      message: COUPON_MESSAGES.newCustomersOnly,
    });
  });

  test('a coupon revoked after the check is refused at the order', async () => {
    const coupon = await makeCoupon(t.database);
    await t.database.db.update(coupons).set({ revokedAt: new Date() }).where(eq(coupons.id, coupon.id));
    await expect(couponForOrder(t.database.db, coupon.id, input((await t.user()).id))).rejects.toMatchObject({
      status: 476,
      message: COUPON_MESSAGES.notFound,
    });
  });
});
