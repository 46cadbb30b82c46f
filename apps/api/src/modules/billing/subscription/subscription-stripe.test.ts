import { apiPaths } from '@pet/shared/paths';
import { expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { stripePaidPlan } from '../../../../test/support/billing.ts';
import { useFakeStripe } from '../../../../test/support/fake-stripe.ts';
import { productOf } from '../../../../test/support/plans.ts';
import { holdSubscriptionRow, subscriptionOf } from '../../../../test/support/subscription.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';

// Cancel, revoke and downgrade against the fake Stripe server through the Stripe provider: what Stripe's
// subscription holds (cancel_at_period_end, its item's price, no proration) follows our row, also when calls
// race, and a change Stripe refuses answers 502 and changes nothing here. The rules: subscription.test.ts.

const stripe = useFakeStripe();
const t = useTestApp({ env: stripe.env });

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: as(user), ...(payload ? { payload } : {}) });

const rowOf = (user: TestUser) => subscriptionOf(t, user.id);

/** A user who bought `key` yearly through Stripe: the first invoice settled and its events delivered. */
async function stripePayer(key: string) {
  const user = await t.user();
  return { user, ref: await stripePaidPlan(t, stripe.fake, user, key) };
}

type StripeSubscription = {
  cancel_at_period_end: boolean;
  schedule: string | null;
  items: {
    data: Array<{
      id: string;
      price: { id: string };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
};
const atStripe = (ref: string) => stripe.fake.objects.get(ref) as unknown as StripeSubscription;
const scheduleOf = (ref: string) =>
  stripe.fake.objects.get(ref) as unknown as { phases: Array<Record<string, unknown>>; status: string };
const scheduleUpdates = (ref: string) =>
  stripe.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscription_schedules/${ref}`);
const updates = (ref: string) =>
  stripe.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ref}`);

test('cancel and revoke set cancel_at_period_end at Stripe, with a key per call; repeats call nobody', async () => {
  const { user, ref } = await stripePayer('premium');
  expect(atStripe(ref).cancel_at_period_end).toBe(false);

  expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
  expect(atStripe(ref).cancel_at_period_end).toBe(true);
  expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
  expect((await post(user, apiPaths.cancelRevoke)).statusCode).toBe(200);
  expect(atStripe(ref).cancel_at_period_end).toBe(false);
  // Cancelled again after a revoke: Stripe must not replay the first cancel's stored answer.
  expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
  expect(atStripe(ref).cancel_at_period_end).toBe(true);

  const sent = updates(ref);
  expect(sent.map((r) => r.params.cancel_at_period_end)).toEqual(['true', 'false', 'true']);
  expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(3);
  expect(sent.every((r) => r.idempotencyKey?.startsWith(`${ref}-cancel-at-period-end-`))).toBe(true);
});

test('a downgrade schedules the next price from the term’s end (a subscription schedule); withdrawing it releases the schedule', async () => {
  const { user, ref } = await stripePayer('premium-gps');
  const current = await productOf(t.database, 'petention', 'premium-gps');
  const basic = await productOf(t.database, 'petention', 'basic');
  const item = atStripe(ref).items.data[0]!;

  expect((await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId })).statusCode).toBe(200);
  // The current term stays as it is: same item, same price, same period.
  expect(atStripe(ref).items.data).toEqual([item]);
  const scheduleRef = atStripe(ref).schedule!;
  expect(scheduleOf(scheduleRef)).toMatchObject({
    status: 'active',
    end_behavior: 'release',
    phases: [
      {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: current.yearlyPriceId }],
      },
      { start_date: item.current_period_end, items: [{ price: basic.yearlyPriceId }] },
    ],
  });
  expect(scheduleUpdates(scheduleRef).at(-1)?.params).toMatchObject({ proration_behavior: 'none' });

  // Another target replaces the next phase on the same schedule.
  const premium = await productOf(t.database, 'petention', 'premium');
  expect((await post(user, apiPaths.downgrade, { price_id: premium.yearlyPriceId })).statusCode).toBe(200);
  expect(atStripe(ref).schedule).toBe(scheduleRef);
  expect(scheduleOf(scheduleRef).phases[1]).toMatchObject({ items: [{ price: premium.yearlyPriceId }] });

  expect((await post(user, apiPaths.cancelDowngrade)).statusCode).toBe(200);
  expect(atStripe(ref).schedule).toBeNull();
  expect(scheduleOf(scheduleRef)).toMatchObject({ status: 'released', released_subscription: ref });
  expect(atStripe(ref).items.data).toEqual([item]);

  // Downgrade, then cancel: the schedule goes (Stripe refuses a cancel under it) and the term ends.
  expect((await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId })).statusCode).toBe(200);
  expect(atStripe(ref).schedule).not.toBeNull();
  expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
  expect(atStripe(ref)).toMatchObject({
    schedule: null,
    cancel_at_period_end: true,
    items: { data: [item] },
  });
  expect(await rowOf(user)).toMatchObject({ downgradePriceId: null, cancelAt: expect.any(Date) });
});

test('concurrent cancels and revokes: Stripe ends in the state our row records', async () => {
  const { user, ref } = await stripePayer('basic');
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      [apiPaths.cancel, apiPaths.cancelRevoke, apiPaths.cancel, apiPaths.cancelRevoke].map((url) =>
        post(user, url),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(atStripe(ref).cancel_at_period_end).toBe((await rowOf(user)).cancelAt !== null);
  }
});

test('a change reaches Stripe only once it holds the subscription row', async () => {
  const { user, ref } = await stripePayer('premium');
  const hold = await holdSubscriptionRow(t, user.id);
  const change = post(user, apiPaths.cancel);
  try {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(updates(ref)).toHaveLength(0);
  } finally {
    await hold.release();
  }
  expect((await change).statusCode).toBe(200);
  expect(updates(ref)).toHaveLength(1);
});

test('a change Stripe refuses answers 502 and changes nothing here', async () => {
  const { user, ref } = await stripePayer('premium');
  // Ended at Stripe behind our back: its updates are refused.
  stripe.fake.objects.get(ref)!.status = 'canceled';
  const answer = await post(user, apiPaths.cancel);
  expect(answer.statusCode).toBe(502);
  expect(answer.json()).toMatchObject({ message: 'Server_Down_Text' });
  expect((await rowOf(user)).cancelAt).toBeNull();
  const basic = await productOf(t.database, 'petention', 'basic');
  expect((await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId })).statusCode).toBe(502);
  expect((await rowOf(user)).downgradePriceId).toBeNull();
});
