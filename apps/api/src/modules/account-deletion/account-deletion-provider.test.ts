import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { pendingJobsNaming, requestDeletion, signOut } from '../../../test/support/account-deletion.ts';
import type { TestUser } from '../../../test/support/accounts.ts';
import { paidOrder, stripePaidPlan, TEST_WEBHOOK_SECRET } from '../../../test/support/billing.ts';
import { useFakeStripe } from '../../../test/support/fake-stripe.ts';
import { subscriptionOf } from '../../../test/support/subscription.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { gpsTrackers, subscriptions } from '../../db/schema/index.ts';
import { QUEUES } from '../../job-registry.ts';
import { registerTracker } from '../plans/trackers.repo.ts';

// Deleting an account with a running paid plan (issue 15): the provider's subscription ends at once, with the
// sandbox and with Stripe (the fake server), and the user's GPS trackers are free for someone else.

async function deleteAndSignOut(t: TestApp, user: TestUser) {
  expect((await requestDeletion(t, user, user.id)).statusCode).toBe(200);
  expect((await signOut(t, user)).statusCode).toBe(200);
  expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual(
    [],
  );
}

describe('with the sandbox provider', () => {
  const t = useTestApp({ env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

  test('the subscription is ended at the provider at once, and the trackers are free again', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium', { pay_type: 'monthly', email: user.email });
    const { subscriptionRef } = await subscriptionOf(t, user.id);
    const trackerId = `DEL-${user.id.slice(0, 8).toUpperCase()}`;
    await t.database.db.insert(gpsTrackers).values({ trackerId, partnerId: 'p1' });
    expect(await registerTracker(t.database.db, 'p1', trackerId, user.id, new Date())).toBe(true);

    const ended = vi.spyOn(t.app.ctx.payments, 'endSubscription');
    try {
      await deleteAndSignOut(t, user);
      expect(ended.mock.calls).toEqual([[subscriptionRef]]);
    } finally {
      ended.mockRestore();
    }
    const [tracker] = await t.database.db
      .select()
      .from(gpsTrackers)
      .where(eq(gpsTrackers.trackerId, trackerId));
    expect(tracker).toMatchObject({ userId: null, registeredAt: null });
  });
  test('a provider that fails keeps the account for the job: the sign-out still answers 200', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium', { pay_type: 'monthly', email: user.email });
    const ended = vi
      .spyOn(t.app.ctx.payments, 'endSubscription')
      .mockRejectedValueOnce(new Error('provider down'));
    try {
      expect((await requestDeletion(t, user, user.id)).statusCode).toBe(200);
      expect((await signOut(t, user)).statusCode).toBe(200);
    } finally {
      ended.mockRestore();
    }
    // Nothing is lost before the provider has ended the plan; the job is still due and tries again.
    expect((await subscriptionOf(t, user.id)).status).toBe('active');
    expect(await pendingJobsNaming(t, user.id)).toContain(QUEUES.accountDeletion);
  });
});

describe('with Stripe', () => {
  const stripe = useFakeStripe();
  const t = useTestApp({ env: stripe.env });

  test('the subscription is cancelled at Stripe at once, without proration or a last invoice', async () => {
    const user = await t.user();
    const ref = await stripePaidPlan(t, stripe.fake, user, 'premium');

    await deleteAndSignOut(t, user);
    const cancels = stripe.fake.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${ref}`,
    );
    expect(cancels).toHaveLength(1);
    expect((stripe.fake.objects.get(ref) as unknown as { status: string }).status).toBe('canceled');
  });
});
