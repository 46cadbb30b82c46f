import { COUPON_MESSAGES, myInfoSchema, myOrdersResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { changeRequest, orderBody, orderRow, placeOrder } from '../../../../test/support/billing.ts';
import { couponUse, makeCoupon } from '../../../../test/support/coupons.ts';
import type { SignedEvent } from '../../../../test/support/fake-stripe.ts';
import { useFakeStripe } from '../../../../test/support/fake-stripe.ts';
import { capturedLog } from '../../../../test/support/log-capture.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';
import { rowsOf } from '../../../../test/support/pets.ts';
import { membershipRow, productOf } from '../../../../test/support/plans.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { orders, subscriptions } from '../../../db/schema/index.ts';
import { QUEUES } from '../../../job-registry.ts';
import { orderConfirmationHandler } from '../invoices/order-confirmation.ts';

// Buying a plan with the Stripe provider, through the whole app: change/request makes the subscription at
// the fake Stripe (test/support/fake-stripe.ts, the real stripe SDK over HTTP), the fake settles the first
// invoice as Stripe would, and its signed events come back through POST /v1/payments/webhook.

const stripe = useFakeStripe();
const log = capturedLog();
// The same env object: useFakeStripe fills it in its beforeAll, which runs before the app's.
const t = useTestApp({ env: Object.assign(stripe.env, { LOG_LEVEL: 'info' }), logStream: log.stream });

beforeAll(async () => {
  await t.app.ctx.jobs.work(
    { [QUEUES.orderConfirmation]: orderConfirmationHandler(t.app.ctx) },
    { pollingIntervalSeconds: 0.5 },
  );
});

const post = (event: SignedEvent) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.paymentsWebhook,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.body,
  });

/** Posts Stripe's events one after the other, as its webhook delivers them; answers each result. */
async function deliver(events: SignedEvent[]): Promise<string[]> {
  const results: string[] = [];
  for (const event of events) {
    const response = await post(event);
    expect(response.statusCode, response.body).toBe(200);
    results.push(response.json().result);
  }
  return results;
}

/** Each user's own billing address, so their mails are theirs. */
const billingEmail = (user: TestUser) => `billing-${user.id.slice(0, 8)}@example.test`;

async function order(user: TestUser, key: string, overrides: Parameters<typeof placeOrder>[3] = {}) {
  const placed = await placeOrder(t, user, key, { email: billingEmail(user), ...overrides });
  const row = await orderRow(t, placed.order_id);
  return { placed, row, ref: row.paymentRef! };
}

/** An order paid by card at the fake Stripe, its events delivered. */
async function bought(user: TestUser, key: string, overrides: Parameters<typeof placeOrder>[3] = {}) {
  const { placed, ref } = await order(user, key, overrides);
  await deliver(stripe.fake.settle(ref, 'paid'));
  return orderRow(t, placed.order_id);
}

async function myInfo(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: apiPaths.myInfo, headers: as(user) });
  return myInfoSchema.parse(response.json());
}

async function myOrders(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: apiPaths.myOrders, headers: as(user) });
  return response.statusCode === 204 ? [] : myOrdersResponseSchema.parse(response.json()).data;
}

const fakeObject = (id: string) => stripe.fake.objects.get(id) as Record<string, unknown>;

const confirmationMails = (to: string) =>
  t.sink.messages.filter((m) => sentTo(to)(m) && /order/.test(m.subject ?? ''));

async function invoiceCounter(partnerId: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`select coalesce(sum(last), 0)::int as n from invoice_counters where partner_id = ${partnerId}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

const stripeSubscriptionsOf = (customer: string) =>
  [...stripe.fake.objects.values()].filter((o) => o.object === 'subscription' && o.customer === customer);

describe('a card payment', () => {
  test('pays the order, activates the plan, numbers the invoice and mails it with the card shown', async () => {
    const user = await t.user();
    const { placed, row, ref } = await order(user, 'premium', { pay_type: 'yearly' });
    expect(placed).toMatchObject({ provider: 'stripe', amount_cents: 4999 });
    expect(placed.secret).toMatch(/^pi_\w+_secret_/);
    expect(row).toMatchObject({ status: 'pending', provider: 'stripe', subscriptionRef: expect.any(String) });
    expect(ref).toMatch(/^in_/);
    expect(fakeObject(row.subscriptionRef!)).toMatchObject({ status: 'incomplete' });

    const events = stripe.fake.settle(ref, 'paid');
    expect(await deliver(events)).toEqual(['ignored', 'ignored', 'applied']);

    const paid = await orderRow(t, placed.order_id);
    expect(paid).toMatchObject({
      status: 'paid',
      invoiceNumber: expect.stringMatching(/^PE-\d{4}-\d{5}$/),
      paymentMethodLabel: 'Visa •••• 4242',
    });
    const premium = await productOf(t.database, 'petention', 'premium');
    expect(await membershipRow(t.database, user.id)).toMatchObject({
      productId: premium.id,
      productAssociated: true,
    });
    expect(await myInfo(user)).toMatchObject({
      pay_type: 'yearly',
      stripe_price_id: premium.yearlyPriceId,
      stripe_customer_id: row.subscriptionRef && fakeObject(row.subscriptionRef).customer,
      stripe_subscription_end: Math.floor(paid.periodEnd!.getTime() / 1000),
    });
    expect(await myOrders(user)).toEqual([
      expect.objectContaining({
        status: 'paid',
        payment_type: 'card',
        payment_method_label: 'Visa •••• 4242',
        invoice_number: paid.invoiceNumber,
      }),
    ]);

    const mail = await t.sink.waitFor(sentTo(billingEmail(user)), 15_000);
    expect(mail.subject).toContain(paid.invoiceNumber!);
    expect(mail.attachments).toHaveLength(1);
    const text = await pdfText(mail.attachments[0]!.content);
    expect(text).toContain(paid.invoiceNumber!);
    expect(text).toContain('49,99');
  });

  test('a coupon lowers the first invoice at Stripe and is redeemed once paid', async () => {
    const user = await t.user();
    const coupon = await makeCoupon(t.database, { percentOff: 10 });
    const { placed, row, ref } = await order(user, 'premium', { pay_type: 'yearly', coupon_id: coupon.id });
    expect(placed.amount_cents).toBe(4999 - 500);
    expect(fakeObject(ref)).toMatchObject({ amount_due: 4499, total: 4499 });
    expect(fakeObject(coupon.id)).toMatchObject({ object: 'coupon', percent_off: 10, duration: 'once' });
    expect(row).toMatchObject({ discountCents: 500, couponId: coupon.id, couponCode: coupon.code });

    await deliver(stripe.fake.settle(ref, 'paid'));
    expect(await orderRow(t, placed.order_id)).toMatchObject({ status: 'paid', totalCents: 4499 });
    expect(await couponUse(t.database, coupon.id)).toEqual({
      timesRedeemed: 1,
      redemptions: [expect.objectContaining({ userId: user.id, orderId: placed.order_id })],
    });
  });
});

describe('a SEPA debit', () => {
  test('stays processing until Stripe settles it, then is paid with the IBAN shown', async () => {
    const user = await t.user();
    const { placed, ref } = await order(user, 'basic', { payment_method: 'sepa' });
    expect(fakeObject(ref).payment_settings).toEqual({ payment_method_types: ['sepa_debit'] });

    expect(await deliver(stripe.fake.settle(ref, 'processing'))).toEqual(['applied']);
    expect((await orderRow(t, placed.order_id)).status).toBe('processing');
    expect((await membershipRow(t.database, user.id))?.productAssociated).toBe(false);
    // The debit is on its way: the order cannot be withdrawn.
    const withdraw = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.orderDelete}?id=${placed.order_id}`,
      headers: as(user),
    });
    expect(withdraw.statusCode).toBe(409);

    await deliver(stripe.fake.settle(ref, 'paid'));
    const paid = await orderRow(t, placed.order_id);
    expect(paid).toMatchObject({ status: 'paid', paymentMethodLabel: 'SEPA DE •••• 3000' });
    expect((await membershipRow(t.database, user.id))?.productAssociated).toBe(true);
    expect((await myOrders(user))[0]).toMatchObject({
      payment_type: 'sepa',
      payment_method_label: 'SEPA DE •••• 3000',
    });
  });
});

describe('a declined payment', () => {
  test('fails the order, leaves the plan as it was and stops everything the order opened at Stripe', async () => {
    const user = await t.user();
    const basic = await bought(user, 'basic');
    const coupon = await makeCoupon(t.database, { percentOff: 10 });
    const { placed, row, ref } = await order(user, 'premium', { pay_type: 'yearly', coupon_id: coupon.id });
    // The upgrade's credit for the unused days of Basic was taken from the customer's balance.
    expect(row.prorationCreditCents).toBeGreaterThan(0);
    const customer = String(fakeObject(ref).customer);
    expect(fakeObject(ref).starting_balance).toBe(-row.prorationCreditCents);

    const events = stripe.fake.settle(ref, 'failed', {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(await deliver(events)).toEqual(['applied', 'ignored']);

    expect(await orderRow(t, placed.order_id)).toMatchObject({
      status: 'failed',
      failureCode: 'generic_decline',
      invoiceNumber: null,
    });
    expect(await membershipRow(t.database, user.id)).toMatchObject({ productId: basic.productId });
    expect(await myInfo(user)).toMatchObject({ stripe_price_id: basic.priceId, pay_type: 'monthly' });
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(subscription).toMatchObject({
      productId: basic.productId,
      subscriptionRef: basic.subscriptionRef,
    });

    // At Stripe: the invoice voided (so the browser's secret pays nothing), the incomplete subscription
    // canceled, the credit given back, and the paid Basic subscription untouched.
    expect(fakeObject(ref).status).toBe('void');
    expect(fakeObject(row.subscriptionRef!).status).toBe('incomplete_expired');
    expect(fakeObject(customer).balance).toBe(0);
    expect(fakeObject(basic.subscriptionRef!).status).toBe('active');

    // The coupon was not used up: it is not redeemed, and the next order may carry it.
    expect(await couponUse(t.database, coupon.id)).toEqual({ timesRedeemed: 0, redemptions: [] });
    const again = await changeRequest(
      t,
      user,
      await orderBody(t, 'premium', { pay_type: 'yearly', coupon_id: coupon.id }),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  test('a failure Stripe cannot stop is logged and the event still applies', async () => {
    const user = await t.user();
    const { placed, ref } = await order(user, 'basic');
    const events = stripe.fake.settle(ref, 'failed', { code: 'card_declined', decline_code: 'lost_card' });
    // Gone at Stripe (as if deleted in the dashboard): stopping the payment answers 404 there.
    stripe.fake.objects.delete(ref);
    log.clear();
    expect(await deliver(events)).toEqual(['applied', 'ignored']);
    expect((await orderRow(t, placed.order_id)).status).toBe('failed');
    expect(log.text()).toContain('stopping the failed payment failed');
  });
});

describe('events replayed', () => {
  test('five times, concurrently and out of order: one order paid, one membership change, one invoice, one mail', async () => {
    const user = await t.user();
    const { placed, ref } = await order(user, 'premium', { payment_method: 'sepa' });
    const countersBefore = await invoiceCounter('petention');
    const processing = stripe.fake.settle(ref, 'processing');
    const paid = stripe.fake.settle(ref, 'paid');
    // The paid events first, the processing one last, each group five times, interleaved.
    const once = [...paid.reverse(), ...processing];
    const all = [1, 2, 3, 4, 5].flatMap((round) => (round % 2 ? once : [...once].reverse()));
    const answers = await Promise.all(all.map(post));
    expect(answers.map((a) => a.statusCode)).toEqual(all.map(() => 200));
    const results = answers.map((a) => a.json().result as string);
    expect(results.filter((r) => r === 'applied')).toHaveLength(2);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(8);

    const paidOrder = await orderRow(t, placed.order_id);
    expect(paidOrder).toMatchObject({ status: 'paid', paymentMethodLabel: 'SEPA DE •••• 3000' });
    expect(await invoiceCounter('petention')).toBe(countersBefore + 1);
    const userOrders = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(userOrders).toHaveLength(1);
    const userSubscriptions = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(userSubscriptions).toHaveLength(1);
    expect(await membershipRow(t.database, user.id)).toMatchObject({
      productId: paidOrder.productId,
      productAssociated: true,
    });
    const jobs = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.orderConfirmation} and data->>'orderId' = ${paidOrder.id}`,
    );
    expect(rowsOf<{ n: number }>(jobs)[0]!.n).toBe(1);
    await t.sink.waitFor(sentTo(billingEmail(user)), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(confirmationMails(billingEmail(user))).toHaveLength(1);
  });
});

describe('a coupon Stripe refuses', () => {
  async function withdraw(user: TestUser, orderId: string) {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.orderDelete}?id=${orderId}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(204);
  }

  async function openOrders(userId: string) {
    return t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'processing'])));
  }

  test('no longer valid there: 476 COUPON IS NOT VALID AT STRIPE, no order and nothing open at Stripe', async () => {
    const user = await t.user();
    const coupon = await makeCoupon(t.database, { percentOff: 10 });
    // An earlier checkout made the coupon at Stripe; since then it ran out there (redeem_by, max_redemptions).
    const first = await order(user, 'premium', { coupon_id: coupon.id });
    await withdraw(user, first.placed.order_id);
    Object.assign(fakeObject(coupon.id), { valid: false });
    const customer = String(fakeObject(first.ref).customer);
    const before = stripeSubscriptionsOf(customer).length;

    const refused = await changeRequest(t, user, await orderBody(t, 'premium', { coupon_id: coupon.id }));
    expect(refused.statusCode).toBe(476);
    expect(refused.json()).toEqual({
      code: 'COUPON_INVALID',
      message: COUPON_MESSAGES.notValidAtProvider,
    });
    expect(await openOrders(user.id)).toEqual([]);
    expect(await myOrders(user)).toEqual([]);
    expect(stripeSubscriptionsOf(customer)).toHaveLength(before);
    // Without the coupon the same plan can be ordered at once.
    const plain = await changeRequest(t, user, await orderBody(t, 'premium'));
    expect(plain.statusCode, plain.body).toBe(200);
  });

  test('deleted there: 476, and the upgrade credit already given is taken back', async () => {
    const user = await t.user();
    await bought(user, 'basic');
    const coupon = await makeCoupon(t.database, { percentOff: 10 });
    const first = await order(user, 'premium', { pay_type: 'yearly', coupon_id: coupon.id });
    await withdraw(user, first.placed.order_id);
    const customer = String(fakeObject(first.ref).customer);
    expect(fakeObject(customer).balance).toBe(0);
    // Deleted in Stripe's dashboard within a day: the coupon's create key still answers the first success.
    stripe.fake.objects.delete(coupon.id);
    const before = stripeSubscriptionsOf(customer).length;

    const refused = await changeRequest(
      t,
      user,
      await orderBody(t, 'premium', { pay_type: 'yearly', coupon_id: coupon.id }),
    );
    expect(refused.statusCode).toBe(476);
    expect(refused.json().message).toBe(COUPON_MESSAGES.notValidAtProvider);
    expect(await openOrders(user.id)).toEqual([]);
    expect(stripeSubscriptionsOf(customer)).toHaveLength(before);
    expect(fakeObject(customer).balance).toBe(0);
  });
});

describe('a Stripe failure', () => {
  test('answers 500 without what Stripe said, and logs it', async () => {
    const user = await t.user();
    const { placed, ref } = await order(user, 'basic');
    // Gone at Stripe: withdrawing the order meets Stripe's 404 (resource_missing).
    stripe.fake.objects.delete(ref);
    log.clear();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.orderDelete}?id=${placed.order_id}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' });
    expect(log.text()).toContain(`Stripe answered 404 resource_missing: No such object: '${ref}'`);
    expect((await orderRow(t, placed.order_id)).status).toBe('pending');
  });
});
