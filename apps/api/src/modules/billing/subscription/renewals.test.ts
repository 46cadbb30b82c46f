import { myInfoSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import {
  buyPlan,
  card,
  confirm,
  deliverSandboxEvents,
  orderReaches,
  placeOrder,
  postEvent,
  sepa,
  TEST_WEBHOOK_SECRET,
} from '../../../../test/support/billing.ts';
import { cardForm, startUpdate, submitSetupForm } from '../../../../test/support/payment-method.ts';
import { rowsOf } from '../../../../test/support/pets.ts';
import { membershipRow, productOf } from '../../../../test/support/plans.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import {
  jobsOf,
  pendingJob,
  runJob,
  sendSubscriptionMails,
  settableClock,
  subscriptionOf,
  subscriptionReaches,
} from '../../../../test/support/subscription.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { orders, subscriptions } from '../../../db/schema/index.ts';
import { QUEUES } from '../../../job-registry.ts';
import { addMonths } from '../../../lib/dates.ts';
import { orderConfirmationHandler } from '../invoices/order-confirmation.ts';

// Terms and renewals with the sandbox (ADR 0011): the clock is moved through a paid life and the due
// term-end and renewal-retry jobs are run; the sandbox's renewal charges arrive as events through its
// delivery worker, the receipts through the order-confirmation worker.

const clock = settableClock();
const t = useTestApp({
  clock: clock.read,
  env: { SANDBOX_SEPA_SETTLE_MS: '200', SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
});

beforeAll(async () => {
  await sendSubscriptionMails(t);
  await deliverSandboxEvents(t);
  await t.app.ctx.jobs.work(
    { [QUEUES.orderConfirmation]: orderConfirmationHandler(t.app.ctx) },
    { pollingIntervalSeconds: 0.5 },
  );
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function paidUser(key: string, payType: 'monthly' | 'yearly' = 'monthly', at = new Date()) {
  clock.set(at);
  const user = await t.user();
  const order = await buyPlan(t, user, key, { pay_type: payType, email: user.email });
  return { user, order };
}

async function myInfo(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
  return myInfoSchema.parse(response.json());
}

async function renewalOrders(userId: string) {
  return t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderType, 'renewal')))
    .orderBy(orders.periodStart);
}

/** Moves the clock just past the term's end and runs the pending term-end job. */
async function reachTermEnd(userId: string) {
  const subscription = await subscriptionOf(t, userId);
  const job = await pendingJob(t, QUEUES.termEnd, userId);
  expect(job.id).toBe(subscription.termJobId);
  expect(job.startAfter).toEqual(subscription.currentPeriodEnd);
  expect(job.data.periodEnd).toBe(subscription.currentPeriodEnd.toISOString());
  clock.set(new Date(subscription.currentPeriodEnd.getTime() + HOUR_MS));
  await runJob(t, job);
  return { subscription, job };
}

async function setSavedMethod(userId: string, paymentMethodRef: string) {
  await t.database.db.update(subscriptions).set({ paymentMethodRef }).where(eq(subscriptions.userId, userId));
}

describe('the first payment sets the term', () => {
  test('the saved method is the test card id, the term-end job is sent with the term', async () => {
    const { user, order } = await paidUser('premium');
    const subscription = await subscriptionOf(t, user.id);
    expect(subscription).toMatchObject({
      status: 'active',
      paymentMethodRef: 'pm_card_visa',
      renewalAttempts: 0,
      endedAt: null,
      currentPeriodEnd: addMonths(order.paidAt!, 1),
    });
    expect(subscription.termJobId).toEqual(expect.any(String));
    expect(await pendingJob(t, QUEUES.termEnd, user.id)).toMatchObject({ id: subscription.termJobId });
  });

  test("the saved test card's expiry follows the app's clock (a year after its now)", async () => {
    const { user } = await paidUser('premium');
    clock.set(new Date('2031-03-15T10:00:00Z'));
    const response = await t.app.inject({ method: 'GET', url: apiPaths.paymentMethod, headers: as(user) });
    expect(response.json()).toMatchObject({ type: 'card', brand: 'Visa', exp_month: 12, exp_year: 2032 });
  });
});

describe('renewals with the saved card', () => {
  test('three monthly renewals: orders, invoices, receipts, the term moves each time', async () => {
    const { user } = await paidUser('premium');
    const premium = await productOf(t.database, 'petention', 'premium');
    for (let i = 1; i <= 3; i += 1) {
      const { subscription } = await reachTermEnd(user.id);
      const oldEnd = subscription.currentPeriodEnd;
      const renewed = await subscriptionReaches(t, user.id, (row) => row.currentPeriodEnd > oldEnd);
      expect(renewed).toMatchObject({
        status: 'active',
        renewalAttempts: 0,
        currentPeriodStart: oldEnd,
        currentPeriodEnd: addMonths(oldEnd, 1),
        productId: premium.id,
      });
      expect(renewed.termJobId).not.toBe(subscription.termJobId);
      const renewals = await renewalOrders(user.id);
      expect(renewals).toHaveLength(i);
      expect(renewals[i - 1]).toMatchObject({
        status: 'paid',
        orderType: 'renewal',
        planCents: 499,
        totalCents: 499,
        periodStart: oldEnd,
        periodEnd: addMonths(oldEnd, 1),
        invoiceNumber: expect.stringMatching(/^PE-\d{4}-\d{5}$/),
        billingAddress: expect.objectContaining({ email: user.email, city: 'Berlin' }),
      });
    }
    const numbers = (await renewalOrders(user.id)).map((o) => o.invoiceNumber);
    expect(new Set(numbers).size).toBe(3);
    const receipt = await t.sink.waitFor(
      (mail) => sentTo(user.email)(mail) && (mail.text ?? '').includes('has been renewed'),
    );
    expect(receipt.attachments?.[0]?.contentType).toBe('application/pdf');
  });

  test('bought on 31 January, the renewals end on the last days of the months, not the 28th for good', async () => {
    const { user, order } = await paidUser('premium', 'monthly', new Date('2027-01-31T10:00:00Z'));
    expect(order.periodEnd).toEqual(new Date('2027-02-28T10:00:00Z'));
    const ends: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const { subscription } = await reachTermEnd(user.id);
      const oldEnd = subscription.currentPeriodEnd;
      const renewed = await subscriptionReaches(t, user.id, (row) => row.currentPeriodEnd > oldEnd);
      ends.push(renewed.currentPeriodEnd.toISOString());
    }
    expect(ends).toEqual([
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
      '2027-05-31T10:00:00.000Z',
    ]);
    const periods = (await renewalOrders(user.id)).map((o) => o.periodEnd?.toISOString());
    expect(periods).toEqual(ends);
  });

  test('a yearly renewal bills the yearly price for twelve months', async () => {
    const { user } = await paidUser('premium', 'yearly');
    const premium = await productOf(t.database, 'petention', 'premium');
    const { subscription } = await reachTermEnd(user.id);
    const renewed = await subscriptionReaches(
      t,
      user.id,
      (row) => row.currentPeriodEnd > subscription.currentPeriodEnd,
    );
    expect(renewed.currentPeriodEnd).toEqual(addMonths(subscription.currentPeriodEnd, 12));
    const [renewal] = await renewalOrders(user.id);
    expect(renewal).toMatchObject({
      payType: 'yearly',
      priceId: premium.yearlyPriceId,
      planCents: Math.round(Number(premium.yearlyPrice) * 100),
    });
  });

  test('a scheduled downgrade applies with the renewal', async () => {
    const { user } = await paidUser('premium');
    const basic = await productOf(t.database, 'petention', 'basic');
    await t.database.db
      .update(subscriptions)
      .set({
        downgradeProductId: basic.id,
        downgradePriceId: basic.yearlyPriceId,
        downgradePayType: 'yearly',
      })
      .where(eq(subscriptions.userId, user.id));
    const { subscription } = await reachTermEnd(user.id);
    const renewed = await subscriptionReaches(
      t,
      user.id,
      (row) => row.currentPeriodEnd > subscription.currentPeriodEnd,
    );
    expect(renewed).toMatchObject({
      productId: basic.id,
      priceId: basic.yearlyPriceId,
      payType: 'yearly',
      downgradeProductId: null,
      downgradePriceId: null,
      downgradePayType: null,
      currentPeriodEnd: addMonths(subscription.currentPeriodEnd, 12),
    });
    expect((await membershipRow(t.database, user.id))?.productId).toBe(basic.id);
  });
});

describe('SEPA and the card that fails when charged', () => {
  test('a SEPA debit saves pm_sepa_debit_de; its renewal is processing, then paid', async () => {
    clock.set(new Date());
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium', { payment_method: 'sepa', email: user.email });
    await confirm(t, placed.secret, sepa('DE89370400440532013000'));
    await orderReaches(t, placed.order_id, 'paid');
    expect((await subscriptionOf(t, user.id)).paymentMethodRef).toBe('pm_sepa_debit_de');
    const { subscription } = await reachTermEnd(user.id);
    const renewed = await subscriptionReaches(
      t,
      user.id,
      (row) => row.currentPeriodEnd > subscription.currentPeriodEnd,
    );
    expect(renewed).toMatchObject({ status: 'active', paymentMethod: 'sepa' });
    expect(await renewalOrders(user.id)).toHaveLength(1);
  });

  test('4000 0000 0000 0341 fails a first payment too', async () => {
    clock.set(new Date());
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium', { email: user.email });
    const result = await confirm(t, placed.secret, card('4000000000000341'));
    expect(result.body.error).toMatchObject({ code: 'card_declined' });
    await orderReaches(t, placed.order_id, 'failed');
  });
});

describe('failed renewals', () => {
  test('fails, then succeeds on the retry after the method was updated', async () => {
    const { user } = await paidUser('premium');
    await setSavedMethod(user.id, 'pm_card_chargeCustomerFail');
    const { subscription } = await reachTermEnd(user.id);
    const failed = await subscriptionReaches(t, user.id, (row) => row.status === 'past_due');
    expect(failed).toMatchObject({ renewalAttempts: 1, currentPeriodEnd: subscription.currentPeriodEnd });
    // Still a paid subscription while it is tried again.
    expect(await myInfo(user)).toMatchObject({
      stripe_subscription_end: Math.floor(subscription.currentPeriodEnd.getTime() / 1000),
      stripe_price_id: subscription.priceId,
    });
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && (m.subject ?? '').includes('your payment did not go through'),
    );
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/my-account/update-payment-details`);
    const retry = await pendingJob(t, QUEUES.renewalRetry, user.id);
    expect(retry.startAfter).toEqual(new Date(subscription.currentPeriodEnd.getTime() + 3 * DAY_MS));
    expect(failed.termJobId).toBe(retry.id);
    // The membership stays while the renewal is tried again.
    expect((await membershipRow(t.database, user.id))?.productAssociated).toBe(true);

    await setSavedMethod(user.id, 'pm_card_visa');
    clock.set(retry.startAfter);
    await runJob(t, retry);
    const renewed = await subscriptionReaches(t, user.id, (row) => row.status === 'active');
    expect(renewed).toMatchObject({
      renewalAttempts: 0,
      currentPeriodStart: subscription.currentPeriodEnd,
      currentPeriodEnd: addMonths(subscription.currentPeriodEnd, 1),
    });
    expect(await renewalOrders(user.id)).toHaveLength(1);
  });

  test('a new method saved while past_due is charged at once, not at the next retry day', async () => {
    const { user } = await paidUser('premium');
    await setSavedMethod(user.id, 'pm_card_chargeCustomerFail');
    const { subscription } = await reachTermEnd(user.id);
    await subscriptionReaches(t, user.id, (row) => row.status === 'past_due');
    const dayThree = await pendingJob(t, QUEUES.renewalRetry, user.id);

    // A day after the failure the user saves a working card through the setup checkout.
    const updatedAt = new Date(subscription.currentPeriodEnd.getTime() + DAY_MS);
    clock.set(updatedAt);
    const session = await startUpdate(t, user);
    expect(
      (await submitSetupForm(t, session.url, cardForm('4242 4242 4242 4242', clock.read()))).statusCode,
    ).toBe(303);
    const saved = await subscriptionReaches(t, user.id, (row) => row.paymentMethodRef === 'pm_card_visa');

    const retries = await jobsOf(t, QUEUES.renewalRetry, user.id);
    expect(retries.find((job) => job.id === dayThree.id)?.state).toBe('cancelled');
    const now = await pendingJob(t, QUEUES.renewalRetry, user.id);
    expect(now.startAfter).toEqual(updatedAt);
    expect(now.data.periodEnd).toBe(subscription.currentPeriodEnd.toISOString());
    expect(saved.termJobId).toBe(now.id);

    await runJob(t, now);
    const renewed = await subscriptionReaches(t, user.id, (row) => row.status === 'active');
    expect(renewed).toMatchObject({
      renewalAttempts: 0,
      currentPeriodStart: subscription.currentPeriodEnd,
      currentPeriodEnd: addMonths(subscription.currentPeriodEnd, 1),
    });
    expect(await renewalOrders(user.id)).toHaveLength(1);
    // The day-three retry, run anyway, charges nothing more.
    await runJob(t, dayThree);
    expect(await renewalOrders(user.id)).toHaveLength(1);
  });

  test('three failures end the paid plan: default plan, ended_at, mail, erasure jobs', async () => {
    const { user } = await paidUser('premium');
    await setSavedMethod(user.id, 'pm_card_chargeCustomerFail');
    const { subscription } = await reachTermEnd(user.id);
    await subscriptionReaches(t, user.id, (row) => row.renewalAttempts === 1);
    for (const [attempt, days] of [
      [2, 3],
      [3, 7],
    ] as const) {
      const retry = await pendingJob(t, QUEUES.renewalRetry, user.id);
      expect(retry.startAfter).toEqual(new Date(subscription.currentPeriodEnd.getTime() + days * DAY_MS));
      clock.set(retry.startAfter);
      await runJob(t, retry);
      await subscriptionReaches(t, user.id, (row) => row.renewalAttempts === attempt);
    }
    const ended = await subscriptionReaches(t, user.id, (row) => row.status === 'ended');
    expect(await myInfo(user)).toMatchObject({ stripe_subscription_end: null, stripe_price_id: null });
    expect(ended.endedAt).toEqual(clock.read());
    expect(ended.termJobId).toBeNull();
    const free = await productOf(t.database, 'petention', 'free');
    expect(await membershipRow(t.database, user.id)).toMatchObject({
      productId: free.id,
      productAssociated: false,
    });
    await t.sink.waitFor((m) => sentTo(user.email)(m) && (m.subject ?? '').includes('your plan has ended'));
    const failedMails = () =>
      t.sink.messages.filter(
        (m) => sentTo(user.email)(m) && (m.subject ?? '').includes('did not go through'),
      );
    // A mail each time (the last says it was the last try), then the plan ended mail. Each is sent by its
    // job on the mail queue, so the last failure mail may arrive after the ended one.
    await expect.poll(() => failedMails().length, { timeout: 5_000 }).toBe(3);
    expect(await jobsOf(t, QUEUES.documentErasure, user.id)).toHaveLength(1);
    expect(await jobsOf(t, QUEUES.documentErasureWarning, user.id)).toHaveLength(1);
    expect(await jobsOf(t, QUEUES.renewalRetry, user.id)).toHaveLength(2);

    // A later paid order puts the user back on a paid plan.
    clock.set(new Date(clock.read().getTime() + 10 * DAY_MS));
    await buyPlan(t, user, 'basic', { email: user.email });
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      status: 'active',
      endedAt: null,
      renewalAttempts: 0,
    });
  });
});

describe('jobs that come twice, late, or after a change', () => {
  test('a term-end job run twice charges once', async () => {
    const { user } = await paidUser('premium');
    const { job, subscription } = await reachTermEnd(user.id);
    await runJob(t, job);
    await subscriptionReaches(t, user.id, (row) => row.currentPeriodEnd > subscription.currentPeriodEnd);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await renewalOrders(user.id)).toHaveLength(1);
    const intents = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sandbox_payment_intents where metadata->>'user_id' = ${user.id}`,
      ),
    );
    expect(intents[0]!.n).toBe(1);
  });

  test('after an upgrade the old term-end job is cancelled and, run anyway, does nothing', async () => {
    const { user } = await paidUser('basic');
    const old = await pendingJob(t, QUEUES.termEnd, user.id);
    clock.set(new Date(Date.now() + 5 * DAY_MS));
    await buyPlan(t, user, 'premium', { email: user.email });
    const [first] = (await jobsOf(t, QUEUES.termEnd, user.id)).filter((job) => job.id === old.id);
    expect(first?.state).toBe('cancelled');
    const upgraded = await subscriptionOf(t, user.id);
    clock.set(new Date(old.startAfter.getTime() + HOUR_MS));
    await runJob(t, old);
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      currentPeriodEnd: upgraded.currentPeriodEnd,
      termJobId: upgraded.termJobId,
    });
    expect(await renewalOrders(user.id)).toHaveLength(0);
  });

  test('a cancelled term ends at its end instead of renewing; the job run late again changes nothing', async () => {
    const { user } = await paidUser('premium');
    const current = await subscriptionOf(t, user.id);
    await t.database.db
      .update(subscriptions)
      .set({ cancelAt: current.currentPeriodEnd })
      .where(eq(subscriptions.userId, user.id));
    const { job } = await reachTermEnd(user.id);
    const ended = await subscriptionOf(t, user.id);
    expect(ended).toMatchObject({ status: 'ended', cancelAt: null });
    clock.set(new Date(clock.read().getTime() + 30 * DAY_MS));
    await runJob(t, job);
    expect(await subscriptionOf(t, user.id)).toEqual(ended);
    expect(await renewalOrders(user.id)).toHaveLength(0);
    expect(await jobsOf(t, QUEUES.documentErasure, user.id)).toHaveLength(1);
  });
});

describe('renewal events replayed and concurrent', () => {
  function renewalEvent(
    eventId: string,
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    intentId: string,
    s: Awaited<ReturnType<typeof subscriptionOf>>,
  ) {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: 499,
          customer: s.customerRef,
          payment_method: 'pm_card_visa',
          payment_method_label: 'Visa •••• 4242',
          metadata: {
            billing_reason: 'renewal',
            subscription_ref: s.subscriptionRef,
            price_id: s.priceId,
            period_start: s.currentPeriodEnd.toISOString(),
            period_end: addMonths(s.currentPeriodEnd, 1).toISOString(),
          },
          last_payment_error:
            type === 'payment_intent.payment_failed'
              ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
              : null,
        },
      },
    });
  }

  test('a paid renewal event 5× at once makes one order and one term', async () => {
    const { user } = await paidUser('premium');
    const before = await subscriptionOf(t, user.id);
    clock.set(new Date(before.currentPeriodEnd.getTime() + HOUR_MS));
    const payload = renewalEvent(
      `evt_renew_${user.id}`,
      'payment_intent.succeeded',
      `pi_renew_${user.id}`,
      before,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(t, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().result).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await renewalOrders(user.id)).toHaveLength(1);
    expect((await subscriptionOf(t, user.id)).currentPeriodEnd).toEqual(
      addMonths(before.currentPeriodEnd, 1),
    );
    // The same payment under another event id (a second delivery) makes no second order either.
    const again = renewalEvent(
      `evt_renew2_${user.id}`,
      'payment_intent.succeeded',
      `pi_renew_${user.id}`,
      before,
    );
    expect((await postEvent(t, again)).statusCode).toBe(200);
    expect(await renewalOrders(user.id)).toHaveLength(1);
  });

  test('a failed renewal event 5× at once counts one attempt; a late failure after the paid one changes nothing', async () => {
    const { user } = await paidUser('premium');
    const before = await subscriptionOf(t, user.id);
    clock.set(new Date(before.currentPeriodEnd.getTime() + HOUR_MS));
    const failed = renewalEvent(
      `evt_fail_${user.id}`,
      'payment_intent.payment_failed',
      `pi_fail_${user.id}`,
      before,
    );
    await Promise.all(Array.from({ length: 5 }, () => postEvent(t, failed)));
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'past_due', renewalAttempts: 1 });
    expect((await jobsOf(t, QUEUES.renewalRetry, user.id)).length).toBe(1);

    const paid = renewalEvent(
      `evt_paid_${user.id}`,
      'payment_intent.succeeded',
      `pi_paid_${user.id}`,
      before,
    );
    await postEvent(t, paid);
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'active', renewalAttempts: 0 });
    const late = renewalEvent(
      `evt_late_${user.id}`,
      'payment_intent.payment_failed',
      `pi_late_${user.id}`,
      before,
    );
    await postEvent(t, late);
    expect(await subscriptionOf(t, user.id)).toMatchObject({ status: 'active', renewalAttempts: 0 });
  });
});
