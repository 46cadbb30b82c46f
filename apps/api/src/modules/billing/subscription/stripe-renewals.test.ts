import { apiPaths, paths } from '@pet/shared/paths';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { placeOrder } from '../../../../test/support/billing.ts';
import { type SignedEvent, useFakeStripe } from '../../../../test/support/fake-stripe.ts';
import { membershipRow, productOf } from '../../../../test/support/plans.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import {
  jobsOf,
  pendingJob,
  runJob,
  sendSubscriptionMails,
  settableClock,
  subscriptionOf,
} from '../../../../test/support/subscription.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { orders } from '../../../db/schema/index.ts';
import { QUEUES } from '../../../job-registry.ts';
import { addMonths } from '../../../lib/dates.ts';

// Stripe renews by itself (ADR 0011): the term-end job only checks, and Stripe's cycle invoices and its
// subscription deletion arrive from the fake Stripe as signed events, each replayed 5× at once.

const stripe = useFakeStripe();
const clock = settableClock();
const t = useTestApp({ env: stripe.env, clock: clock.read });

beforeAll(async () => {
  await sendSubscriptionMails(t);
});

function post(event: SignedEvent) {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.paymentsWebhook,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.body,
  });
}

/** Every event 5× at once, in Stripe's order; answers the handler's results. */
async function deliver5x(events: SignedEvent[]) {
  const results: string[] = [];
  for (const event of events) {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(event)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      results.push(answer.json().result);
    }
  }
  return results;
}

async function stripeCustomer() {
  clock.set(new Date());
  const user = await t.user();
  const placed = await placeOrder(t, user, 'premium', { email: user.email });
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
  await deliver5x(stripe.fake.settle(order!.paymentRef!, 'paid'));
  const subscription = await subscriptionOf(t, user.id);
  expect(subscription).toMatchObject({
    provider: 'stripe',
    status: 'active',
    subscriptionRef: order!.subscriptionRef,
  });
  return { user, subscription };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function renewals(userId: string) {
  return t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderType, 'renewal')));
}

describe('Stripe renewals', () => {
  test('the term-end job leaves the renewal to Stripe; its paid cycle invoice renews once', async () => {
    const { user, subscription } = await stripeCustomer();
    const job = await pendingJob(t, QUEUES.termEnd, user.id);
    clock.set(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    await runJob(t, job);
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      currentPeriodEnd: subscription.currentPeriodEnd,
    });

    const start = seconds(subscription.currentPeriodEnd);
    const end = seconds(addMonths(subscription.currentPeriodEnd, 1));
    const results = await deliver5x(stripe.fake.renew(subscription.subscriptionRef!, 'paid', { start, end }));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    const [renewal, ...more] = await renewals(user.id);
    expect(more).toHaveLength(0);
    const premium = await productOf(t.database, 'petention', 'premium');
    expect(renewal).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      priceId: premium.monthlyPriceId,
      totalCents: 499,
      periodStart: new Date(start * 1000),
      periodEnd: new Date(end * 1000),
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(end * 1000),
    });
  });

  test('a failed cycle invoice: past_due and a mail, Stripe retries (no job of ours); deletion ends the plan once', async () => {
    const { user, subscription } = await stripeCustomer();
    const start = seconds(subscription.currentPeriodEnd);
    const end = seconds(addMonths(subscription.currentPeriodEnd, 1));
    clock.set(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    await deliver5x(stripe.fake.renew(subscription.subscriptionRef!, 'failed', { start, end }));
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'past_due', renewalAttempts: 1 });
    expect(await jobsOf(t, QUEUES.renewalRetry, user.id)).toHaveLength(0);
    await t.sink.waitFor((m) => sentTo(user.email)(m) && (m.subject ?? '').includes('did not go through'));

    const results = await deliver5x(stripe.fake.deleteSubscription(subscription.subscriptionRef!));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'ended', endedAt: clock.read() });
    const free = await productOf(t.database, 'petention', 'free');
    expect((await membershipRow(t.database, user.id))?.productId).toBe(free.id);
    await t.sink.waitFor((m) => sentTo(user.email)(m) && (m.subject ?? '').includes('your plan has ended'));
    expect(
      t.sink.messages.filter((m) => sentTo(user.email)(m) && (m.subject ?? '').includes('has ended')),
    ).toHaveLength(1);
    expect(await jobsOf(t, QUEUES.documentErasure, user.id)).toHaveLength(1);
    // Stripe ended it: nothing is sent to cancel it again.
    expect(stripe.fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  test('a method saved while past_due pays the open renewal invoice at once; the renewal lands once', async () => {
    const { user, subscription } = await stripeCustomer();
    const start = seconds(subscription.currentPeriodEnd);
    const end = seconds(addMonths(subscription.currentPeriodEnd, 1));
    clock.set(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    await deliver5x(stripe.fake.renew(subscription.subscriptionRef!, 'failed', { start, end }));
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'past_due' });

    const session = await t.app.inject({
      method: 'POST',
      url: apiPaths.updatePayment,
      headers: as(user),
      payload: {
        success_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateSuccessful}`,
        cancel_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateFailed}`,
      },
    });
    expect(session.statusCode, session.body).toBe(200);
    await deliver5x(stripe.fake.completeSetup(session.json().id, 'card'));
    const saved = await subscriptionOf(t, user.id);
    // The completion came 5× at once: every one asks Stripe to pay, with one idempotency key, so it pays once.
    const pays = stripe.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pay'));
    expect(new Set(pays.map((r) => `${r.path} ${r.idempotencyKey}`)).size).toBe(1);
    expect(pays[0]?.params).toEqual({ payment_method: saved.paymentMethodRef });
    const sent = stripe.fake.takeSentEvents();
    expect(sent.map((event) => JSON.parse(event.body.toString()).type)).toEqual([
      'payment_intent.succeeded',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);

    const results = await deliver5x(sent);
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(await renewals(user.id)).toHaveLength(1);
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      status: 'active',
      renewalAttempts: 0,
      currentPeriodEnd: new Date(end * 1000),
    });
  });
});

// A downgrade with Stripe (ADR 0011): a subscription schedule changes the price from the term's end, so a new
// price of another interval neither invoices now nor restarts the paid term (a plain subscription update would).
describe('Stripe downgrades', () => {
  type Item = { price: { id: string }; current_period_end: number };
  const atStripe = (ref: string) =>
    stripe.fake.objects.get(ref) as unknown as { schedule: string | null; items: { data: Item[] } };
  const invoicesOf = (ref: string) =>
    [...stripe.fake.objects.values()].filter(
      (o) =>
        o.object === 'invoice' &&
        (o.parent as { subscription_details?: { subscription?: string } }).subscription_details
          ?.subscription === ref,
    );
  const change = (user: TestUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: as(user), ...(payload ? { payload } : {}) });

  /** A monthly premium payer who downgraded to basic, whose price for a monthly payer is the yearly one. */
  async function downgradedToYearly() {
    const customer = await stripeCustomer();
    const ref = customer.subscription.subscriptionRef!;
    const premium = await productOf(t.database, 'petention', 'premium');
    const basic = await productOf(t.database, 'petention', 'basic');
    const periodEnd = atStripe(ref).items.data[0]!.current_period_end;
    const answer = await change(customer.user, apiPaths.downgrade, { price_id: basic.yearlyPriceId });
    expect(answer.statusCode, answer.body).toBe(200);
    return { ...customer, ref, premium, basic, periodEnd };
  }

  /** Stripe's renewal of the term after the app's current one, its events replayed 5× and in reverse order. */
  async function renewAtTermEnd(userId: string, ref: string, months: number) {
    const { currentPeriodEnd } = await subscriptionOf(t, userId);
    clock.set(new Date(currentPeriodEnd.getTime() + 60_000));
    const start = seconds(currentPeriodEnd);
    const end = seconds(addMonths(currentPeriodEnd, months));
    const results = await deliver5x(stripe.fake.renew(ref, 'paid', { start, end }).reverse());
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    return { start, end };
  }

  test('a monthly payer downgrading to a yearly price pays nothing now and keeps the term; the renewal bills the new price and moves the plan', async () => {
    const { user, ref, premium, basic, periodEnd } = await downgradedToYearly();
    expect(invoicesOf(ref)).toHaveLength(1);
    expect(atStripe(ref).items.data[0]).toMatchObject({
      price: { id: premium.monthlyPriceId },
      current_period_end: periodEnd,
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      productId: premium.id,
      downgradePriceId: basic.yearlyPriceId,
    });

    const { start, end } = await renewAtTermEnd(user.id, ref, 12);
    const [renewal, ...more] = await renewals(user.id);
    expect(more).toHaveLength(0);
    expect(renewal).toMatchObject({
      status: 'paid',
      productId: basic.id,
      priceId: basic.yearlyPriceId,
      totalCents: 2999,
      periodStart: new Date(start * 1000),
      periodEnd: new Date(end * 1000),
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      status: 'active',
      productId: basic.id,
      priceId: basic.yearlyPriceId,
      payType: 'yearly',
      downgradePriceId: null,
      currentPeriodEnd: new Date(end * 1000),
    });
    expect((await membershipRow(t.database, user.id))?.productId).toBe(basic.id);

    // The schedule's last phase runs until that term's end; a cancel now still reaches Stripe.
    expect((await change(user, apiPaths.cancel)).statusCode).toBe(200);
    expect(atStripe(ref)).toMatchObject({ schedule: null, cancel_at_period_end: true });
  });

  test('a withdrawn downgrade renews on the old price', async () => {
    const { user, ref, premium } = await downgradedToYearly();
    expect((await change(user, apiPaths.cancelDowngrade)).statusCode).toBe(200);
    expect(atStripe(ref).schedule).toBeNull();

    await renewAtTermEnd(user.id, ref, 1);
    const [renewal] = await renewals(user.id);
    expect(renewal).toMatchObject({
      productId: premium.id,
      priceId: premium.monthlyPriceId,
      totalCents: 499,
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ productId: premium.id, payType: 'monthly' });
    expect((await membershipRow(t.database, user.id))?.productId).toBe(premium.id);
  });

  test('a cancel after a scheduled downgrade ends the plan at the term’s end, nothing invoiced', async () => {
    const { user, ref, premium, periodEnd } = await downgradedToYearly();
    expect((await change(user, apiPaths.cancel)).statusCode).toBe(200);
    expect(atStripe(ref)).toMatchObject({
      schedule: null,
      cancel_at_period_end: true,
      items: { data: [expect.objectContaining({ price: { id: premium.monthlyPriceId } })] },
    });
    const row = await subscriptionOf(t, user.id);
    expect(row).toMatchObject({ downgradePriceId: null, cancelAt: row.currentPeriodEnd });
    expect(atStripe(ref).items.data[0]!.current_period_end).toBe(periodEnd);
    expect(invoicesOf(ref)).toHaveLength(1);

    clock.set(new Date(row.currentPeriodEnd.getTime() + 60_000));
    const results = await deliver5x(stripe.fake.deleteSubscription(ref));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'ended' });
    expect(await renewals(user.id)).toHaveLength(0);
  });
});
