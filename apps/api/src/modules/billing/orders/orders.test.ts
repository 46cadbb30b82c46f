import { randomUUID } from 'node:crypto';
import { myInfoSchema, pricesResponseSchema, productListResponseSchema } from '@pet/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import {
  changeRequest,
  intentEvent,
  orderBody,
  orderRow,
  paidOrder,
  piOf,
  placeOrder,
  postEvent,
  TEST_WEBHOOK_SECRET,
} from '../../../../test/support/billing.ts';
import { rowsOf } from '../../../../test/support/pets.ts';
import { issueCode, membershipRow, productOf } from '../../../../test/support/plans.ts';
import { type TestApp, useTestApp } from '../../../../test/support/test-app.ts';
import { coupons, orders, subscriptions, userPlans } from '../../../db/schema/index.ts';

// Buying a plan through the API (document 2, sections 3-5 and 7): prices, the order's rules, withdrawing
// it, the orders list, and the webhook's exactly-once handling. The app's clock is the test's.

let now = new Date('2026-03-10T09:00:00Z');
const t = useTestApp({ clock: () => now, env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

const DAY = 86_400_000;

function prices(user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v1/subscription/prices', headers: as(user), payload: body });
}

async function quote(
  user: TestUser,
  key: string,
  payType: 'monthly' | 'yearly' = 'monthly',
  couponId?: string,
) {
  const product = await productOf(t.database, 'petention', key);
  const response = await prices(user, { product_id: product.id, pay_type: payType, coupon_id: couponId });
  expect(response.statusCode, response.body).toBe(200);
  return pricesResponseSchema.parse(response.json());
}

async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const id = randomUUID();
  await t.database.db.insert(coupons).values({
    id,
    partnerId: 'petention',
    code: `C${id.slice(0, 8).toUpperCase()}`,
    duration: 'once',
    percentOff: 10,
    ...values,
  });
  return id;
}

async function jobCount(t: TestApp, queue: string, orderId: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and data->>'orderId' = ${orderId}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('POST /v1/subscription/prices', () => {
  test('the plan price, no tracker, no coupon, no proration for a user without a paid term', async () => {
    const user = await t.user();
    expect(await quote(user, 'premium', 'yearly')).toEqual({
      other_price: 49.99,
      tracker_price: 0,
      tracker_registered: false,
      optional_service_price: 0,
      optional_service_price_cents: 0,
      optional_service: expect.objectContaining({ key: 'personal-setup', price_cents: 2900 }),
      discount: 0,
      proration: 0,
      total_price_discounted: 49.99,
      other_price_cents: 4999,
      tracker_price_cents: 0,
      discount_cents: 0,
      proration_cents: 0,
      total_cents: 4999,
      proration_days_left: 0,
      proration_days_total: 0,
      trial_months: null,
      order_placed: null,
      vat_rate_percent: 19,
    });
  });

  test('the GPS tracker is charged once: 0 after a paid order that carried it', async () => {
    const user = await t.user();
    const first = await quote(user, 'premium-gps');
    expect(first).toMatchObject({ tracker_price_cents: 4995, total_cents: 799 + 4995 });
    await paidOrder(t, user, 'premium-gps');
    const again = await quote(user, 'premium-gps', 'yearly');
    expect(again.tracker_price_cents).toBe(0);
  });

  test('a coupon discounts the plan price; an unusable one answers 476', async () => {
    const user = await t.user();
    const percent = await coupon({ percentOff: 15 });
    // 15 % of 4,99 € is 0,7485 €: the nearest cent, as Stripe rounds.
    expect(await quote(user, 'premium', 'monthly', percent)).toMatchObject({
      discount_cents: 75,
      discount: 0.75,
      total_cents: 499 - 75,
    });
    const revoked = await coupon({ revokedAt: new Date() });
    const product = await productOf(t.database, 'petention', 'premium');
    const refused = await prices(user, { product_id: product.id, pay_type: 'monthly', coupon_id: revoked });
    expect(refused.statusCode).toBe(476);
    expect(refused.json()).toMatchObject({ code: 'COUPON_INVALID', message: 'COUPON NOT FOUND' });
  });

  test('proration credits the unused whole days of the paid term; order_placed names the open order', async () => {
    const user = await t.user();
    const paid = await paidOrder(t, user, 'basic', { pay_type: 'yearly' });
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(subscription).toMatchObject({ termPaidCents: 2999, productId: paid.productId, payType: 'yearly' });
    const paidAt = now;
    now = new Date(paidAt.getTime() + 100 * DAY + 3_600_000);
    try {
      const q = await quote(user, 'premium', 'yearly');
      const total = Math.round(
        (subscription!.currentPeriodEnd.getTime() - subscription!.currentPeriodStart.getTime()) / DAY,
      );
      expect(total).toBe(365);
      expect(q.proration_days_total).toBe(365);
      expect(q.proration_days_left).toBe(264);
      const credit = Math.floor((2999 * 264) / 365);
      expect(q.proration_cents).toBe(-credit);
      expect(q.total_cents).toBe(4999 - credit);
      expect(q.total_price_discounted).toBe((4999 - credit) / 100);
      const placed = await placeOrder(t, user, 'premium', { pay_type: 'yearly' });
      expect(placed.amount_cents).toBe(4999 - credit);
      const order = await orderRow(t, placed.order_id);
      expect((await quote(user, 'premium', 'yearly')).order_placed).toBe(order.productId);
      expect(order).toMatchObject({ orderType: 'upgrade', prorationCreditCents: credit, status: 'pending' });
    } finally {
      now = paidAt;
    }
  });
});

describe('POST /v1/subscription/change/request', () => {
  test('answers the secret, the order id and the amount; the order is pending', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium');
    expect(placed).toEqual({
      secret: expect.stringMatching(/^pi_[\w-]+_secret_[\w-]+$/),
      order_id: expect.any(String),
      amount_cents: 499,
      provider: 'sandbox',
    });
    expect(await orderRow(t, placed.order_id)).toMatchObject({
      status: 'pending',
      orderType: 'new',
      userId: user.id,
      paymentRef: piOf(placed.secret),
      planCents: 499,
      totalCents: 499,
      vatRateBasisPoints: 1900,
    });
  });

  test.each([
    ['a price id of another period', { price_id: 'price_petention_premium_yearly' }],
    ['an unknown price id', { price_id: 'price_nope' }],
    ['an unknown product', { product_id: 'nope' }],
  ])('%s: 409 Plan_Not_Orderable_Text', async (_name, overrides) => {
    const user = await t.user();
    const response = await changeRequest(t, user, await orderBody(t, 'premium', overrides));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: 'Plan_Not_Orderable_Text' });
  });

  test('the free plan (price 0) and an inactive product are not orderable', async () => {
    const user = await t.user();
    const free = await changeRequest(t, user, await orderBody(t, 'free', { price_id: 'x' }));
    expect(free.json().message).toBe('Plan_Not_Orderable_Text');
    const product = await productOf(t.database, 'petention', 'basic');
    await t.database.db.execute(sql`update products set active = false where id = ${product.id}`);
    try {
      const inactive = await changeRequest(t, user, await orderBody(t, 'basic'));
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().message).toBe('Plan_Not_Orderable_Text');
    } finally {
      await t.database.db.execute(sql`update products set active = true where id = ${product.id}`);
    }
  });

  test('malformed input: 400 with fields', async () => {
    const user = await t.user();
    const response = await changeRequest(t, user, {
      ...(await orderBody(t, 'premium')),
      pay_type: 'weekly' as never,
      name: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ pay_type: 'Invalid_Value_Error', name: 'Name_Error' });
  });

  test('an order without the accepted terms: 400 Checkout_Terms_Error, and no order is made', async () => {
    const user = await t.user();
    for (const terms of [false, undefined]) {
      const response = await changeRequest(t, user, {
        ...(await orderBody(t, 'premium')),
        terms_accepted: terms as never,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ terms_accepted: 'Checkout_Terms_Error' });
    }
    const placed = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toEqual([]);
  });

  test('plan rules against the paid subscription: downgrade, same plan, yearly to monthly', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium', { pay_type: 'yearly' });
    const expectations: Array<[string, 'monthly' | 'yearly', string]> = [
      ['basic', 'yearly', 'Downgrade_Not_Possible_Text'],
      ['premium', 'yearly', 'Already_On_This_Plan_Text'],
      ['premium-gps', 'monthly', 'Yearly_To_Monthly_Not_Allowed_Text'],
    ];
    for (const [key, payType, message] of expectations) {
      const response = await changeRequest(t, user, await orderBody(t, key, { pay_type: payType }));
      expect(response.statusCode, key).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message });
    }
  });

  test('an open order: 434 for another product or while processing; a pending one for the same product is replaced', async () => {
    const user = await t.user();
    const first = await placeOrder(t, user, 'premium');
    const other = await changeRequest(t, user, await orderBody(t, 'basic'));
    expect(other.statusCode).toBe(434);
    expect(other.json()).toMatchObject({ code: 'ORDER_PENDING', message: 'Order_Already_Placed_Message' });
    const second = await placeOrder(t, user, 'premium');
    expect((await orderRow(t, first.order_id)).status).toBe('canceled');
    expect((await orderRow(t, second.order_id)).status).toBe('pending');
    await postEvent(t, intentEvent(piOf(second.secret), 'payment_intent.processing'));
    expect((await orderRow(t, second.order_id)).status).toBe('processing');
    const again = await changeRequest(t, user, await orderBody(t, 'premium'));
    expect(again.statusCode).toBe(434);
  });

  test('a pending order left unconfirmed for an hour blocks nothing: product/list and prices stop naming it, another plan replaces it', async () => {
    const user = await t.user();
    const abandoned = await placeOrder(t, user, 'premium');
    const placedFor = async () =>
      productListResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/v1/subscription/product/list',
            headers: as(user, 'bearer'),
          })
        ).json(),
      ).order_placed;
    const started = now;
    try {
      now = new Date(started.getTime() + 59 * 60_000);
      expect(await placedFor()).toBe((await orderRow(t, abandoned.order_id)).productId);
      expect((await changeRequest(t, user, await orderBody(t, 'basic'))).statusCode).toBe(434);
      now = new Date(started.getTime() + 60 * 60_000);
      expect(await placedFor()).toBeNull();
      expect((await quote(user, 'basic')).order_placed).toBeNull();
      const next = await placeOrder(t, user, 'basic');
      expect((await orderRow(t, abandoned.order_id)).status).toBe('canceled');
      expect((await orderRow(t, next.order_id)).status).toBe('pending');
    } finally {
      now = started;
    }
  });

  test('an abandoned order whose SEPA debit is under way still blocks (the provider is asked)', async () => {
    const user = await t.user();
    const sepa = await placeOrder(t, user, 'premium', { payment_method: 'sepa' });
    await postEvent(t, intentEvent(piOf(sepa.secret), 'payment_intent.processing'));
    const started = now;
    try {
      now = new Date(started.getTime() + 2 * 60 * 60_000);
      expect((await changeRequest(t, user, await orderBody(t, 'basic'))).statusCode).toBe(434);
      expect((await orderRow(t, sepa.order_id)).status).toBe('processing');
    } finally {
      now = started;
    }
  });

  test('concurrent requests make one open order: different plans answer 434, the same plan replaces', async () => {
    const user = await t.user();
    const bodies = await Promise.all(['basic', 'premium', 'premium-gps'].map((key) => orderBody(t, key)));
    const answers = await Promise.all(bodies.map((b) => changeRequest(t, user, b)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 434, 434]);
    const sameUser = await t.user();
    const same = await orderBody(t, 'premium');
    const sameAnswers = await Promise.all([same, same, same, same].map((b) => changeRequest(t, sameUser, b)));
    expect(sameAnswers.every((a) => a.statusCode === 200 || a.statusCode === 434)).toBe(true);
    for (const owner of [user, sameUser]) {
      const open = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, owner.id), eq(orders.status, 'pending')));
      expect(open).toHaveLength(1);
    }
  });

  test('a total below zero: 409 Upgrade_Not_Possible_Now_Text; below 0.50 €: 480 Amount_Less_Error', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'basic', { pay_type: 'yearly' });
    const free = await coupon({ percentOff: 100 });
    const negative = await changeRequest(
      t,
      user,
      await orderBody(t, 'premium', { pay_type: 'yearly', coupon_id: free }),
    );
    expect(negative.statusCode).toBe(409);
    expect(negative.json().message).toBe('Upgrade_Not_Possible_Now_Text');

    const other = await t.user();
    const small = await coupon({ percentOff: null, amountOffCents: 260 });
    const tooSmall = await changeRequest(t, other, await orderBody(t, 'basic', { coupon_id: small }));
    expect(tooSmall.statusCode).toBe(480);
    expect(tooSmall.json()).toMatchObject({ code: 'AMOUNT_TOO_SMALL', message: 'Amount_Less_Error' });
  });

  test('the customer is made once and reused', async () => {
    const user = await t.user();
    const first = await placeOrder(t, user, 'premium');
    await t.app.inject({ method: 'DELETE', url: `/v1/order/delete?id=${first.order_id}`, headers: as(user) });
    await placeOrder(t, user, 'basic');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from billing_customers where user_id = ${user.id}`,
    );
    expect(rowsOf<{ n: number }>(rows)[0]!.n).toBe(1);
  });
});

describe('primepet cannot place orders', () => {
  const p = useTestApp({ brand: 'primepet' });
  test('403 Primepet_Cant_Place_Order', async () => {
    const user = await p.user();
    const response = await changeRequest(p, user, await orderBody(p, 'premium'));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Primepet_Cant_Place_Order');
  });
});

describe('DELETE /v1/order/delete and GET /v1/order/myorders', () => {
  test('the owner withdraws a pending order (204); foreign and missing ids answer 404 alike; not pending 409', async () => {
    const owner = await t.user();
    const stranger = await t.user();
    const placed = await placeOrder(t, owner, 'premium');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/v1/order/delete?id=${placed.order_id}`,
      headers: as(stranger),
    });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/v1/order/delete?id=${randomUUID()}`,
      headers: as(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/order/delete?id=${placed.order_id}`,
      headers: as(owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await orderRow(t, placed.order_id)).status).toBe('canceled');
    const paid = await paidOrder(t, owner, 'premium');
    const notPending = await t.app.inject({
      method: 'DELETE',
      url: `/v1/order/delete?id=${paid.id}`,
      headers: as(owner),
    });
    expect(notPending.statusCode).toBe(409);
  });

  test('204 without orders; own orders newest first without canceled ones, paged', async () => {
    const user = await t.user();
    const empty = await t.app.inject({ method: 'GET', url: '/v1/order/myorders', headers: as(user) });
    expect(empty.statusCode).toBe(204);
    const canceled = await placeOrder(t, user, 'basic');
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/order/delete?id=${canceled.order_id}`,
      headers: as(user),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/order/myorders', headers: as(user) })).statusCode,
    ).toBe(204);
    const paid = await paidOrder(t, user, 'basic');
    now = new Date(now.getTime() + 60_000);
    const pending = await placeOrder(t, user, 'premium');
    const page = await t.app.inject({
      method: 'GET',
      url: '/v1/order/myorders?page=1&page_size=1',
      headers: as(user),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, page_size: 1, total: 2 });
    expect(page.json().data.map((o: { id: string }) => o.id)).toEqual([pending.order_id]);
    const all = (await t.app.inject({ method: 'GET', url: '/v1/order/myorders', headers: as(user) })).json();
    expect(all.data.map((o: { id: string }) => o.id)).toEqual([pending.order_id, paid.id]);
    expect(all.data[1]).toMatchObject({
      status: 'paid',
      order_date: '10.03.2026',
      period_start: '10.03.2026',
      period_end: '10.04.2026',
      paid_amount: 2.99,
      paid_amount_eur_formatted: '2,99 €',
      invoice_number: expect.stringMatching(/^PE-2026-\d{5}$/),
      invoice_url: `/v1/order/orderpdfweb?id=${paid.id}`,
    });
    expect(all.data[0]).toMatchObject({ status: 'pending', invoice_url: null, invoice_number: null });
  });
});

describe('POST /v1/payments/webhook', () => {
  test('a bad signature answers 400 SIGNATURE_INVALID and changes nothing', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium');
    const payload = intentEvent(piOf(placed.secret), 'payment_intent.succeeded');
    const forged = await postEvent(t, payload, 'whsec_someone_else_entirely_123');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('SIGNATURE_INVALID');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(t, placed.order_id)).status).toBe('pending');
  });

  test('an unknown payment ref is ignored with 200', async () => {
    const response = await postEvent(t, intentEvent('pi_unknown', 'payment_intent.succeeded'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });

  test('events replayed five times, concurrently and out of order: one paid order, one invoice, one job', async () => {
    const user = await t.user();
    const trialCode = await t.database.db.select().from(userPlans).where(eq(userPlans.userId, user.id));
    expect(trialCode).toHaveLength(1);
    const placed = await placeOrder(t, user, 'premium-gps');
    const pi = piOf(placed.secret);
    const succeeded = intentEvent(pi, 'payment_intent.succeeded', `evt_s_${pi}`);
    const processing = intentEvent(pi, 'payment_intent.processing', `evt_p_${pi}`);
    const failed = intentEvent(pi, 'payment_intent.payment_failed', `evt_f_${pi}`);
    const all = [
      succeeded,
      processing,
      succeeded,
      failed,
      succeeded,
      processing,
      succeeded,
      succeeded,
      failed,
    ];
    const answers = await Promise.all(all.map((payload) => postEvent(t, payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const results = answers.map((a) => a.json().result);
    expect(results.filter((r) => r === 'applied')).toHaveLength(3);
    const order = await orderRow(t, placed.order_id);
    expect(order).toMatchObject({ status: 'paid', invoiceSequence: expect.any(Number), failureCode: null });
    expect(await jobCount(t, 'billing.order-confirmation', placed.order_id)).toBe(1);
    const invoices = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.invoiceNumber, order.invoiceNumber!));
    expect(invoices).toHaveLength(1);
    const membership = await membershipRow(t.database, user.id);
    expect(membership).toMatchObject({ productId: order.productId, productAssociated: true, isTrial: false });
    const info = myInfoSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user) })).json(),
    );
    expect(info).toMatchObject({
      pay_type: 'monthly',
      stripe_price_id: order.priceId,
      stripe_subscription_end: Math.floor(order.periodEnd!.getTime() / 1000),
      stripe_customer_id: expect.stringMatching(/^cus_/),
    });
  });

  test('paying ends a trial: flags cleared, its end job cancelled, the code kept as emergency password', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { product: 'basic', type: 'trial', months: 1 });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/v1/subscription/change/apply',
      headers: as(user),
      payload: { activation_code: code },
    });
    expect(applied.statusCode).toBe(200);
    const trial = (await membershipRow(t.database, user.id))!;
    expect(trial).toMatchObject({ isTrial: true, trialJobId: expect.any(String) });
    await paidOrder(t, user, 'premium');
    const paid = (await membershipRow(t.database, user.id))!;
    expect(paid).toMatchObject({
      isTrial: false,
      isPromo: false,
      isGift: false,
      trialJobId: null,
      trialEndsAt: null,
      productAssociated: true,
      activationCodeId: trial.activationCodeId,
    });
    const result = await t.database.db.execute(
      sql`select state from pgboss.job where id = ${trial.trialJobId}`,
    );
    expect(rowsOf<{ state: string }>(result)[0]?.state).toBe('cancelled');
  });

  test('invoice numbers count up per partner and year without gaps', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await paidOrder(t, await t.user(), 'basic')).invoiceSequence!);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
  });

  test('product/list names the open order for a signed-in caller', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium');
    const list = productListResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/subscription/product/list',
          headers: as(user, 'bearer'),
        })
      ).json(),
    );
    expect(list.order_placed).toBe((await orderRow(t, placed.order_id)).productId);
  });
});
