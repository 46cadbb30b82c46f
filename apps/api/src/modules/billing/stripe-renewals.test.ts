import { apiPaths } from '@pet/shared/paths';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { placeOrder } from '../../../test/support/billing.ts';
import { type SignedEvent, useFakeStripe } from '../../../test/support/fake-stripe.ts';
import {
  jobsOf,
  pendingJob,
  runJob,
  sendLifecycleMails,
  settableClock,
  subscriptionOf,
} from '../../../test/support/lifecycle.ts';
import { membershipRow, productOf } from '../../../test/support/plans.ts';
import { sentTo } from '../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { orders } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { addMonths } from '../../lib/dates.ts';

// Stripe renews by itself (ADR 0011): the term-end job only checks, and Stripe's cycle invoices and its
// subscription deletion arrive from the fake Stripe as signed events, each replayed 5× at once.

const stripe = useFakeStripe();
const clock = settableClock();
const t = useTestApp({ env: stripe.env, clock: clock.read });

beforeAll(async () => {
  await sendLifecycleMails(t);
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
});
