import { apiPaths } from '@pet/shared/paths';
import { beforeAll, describe, expect, test } from 'vitest';
import { as } from '../../../../test/support/accounts.ts';
import { buyPlan, deliverSandboxEvents } from '../../../../test/support/billing.ts';
import { membershipRow, productOf } from '../../../../test/support/plans.ts';
import {
  pendingJob,
  runJob,
  settableClock,
  subscriptionOf,
  subscriptionReaches,
} from '../../../../test/support/subscription.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { QUEUES } from '../../../job-registry.ts';

// tier-fritz sells terms by their length (the catalogue's duration: BASIS 1, 12 and 24 months), and ranks its
// downgrades by that length (ADR 0011): a 24-month term renews for 24 months, and a downgrade to BASIS 12
// renews for 12. BASIS 1 has no yearly price, so it is never a downgrade target.

const clock = settableClock();
const t = useTestApp({ brand: 'tier-fritz', clock: clock.read });

beforeAll(async () => {
  await deliverSandboxEvents(t);
});

const at = new Date('2027-04-15T09:30:00Z');

describe('tier-fritz terms by duration', () => {
  test('BASIS 24 runs 24 months; downgraded to BASIS 12, the renewal runs 12 months on BASIS 12', async () => {
    clock.set(at);
    const user = await t.user();
    const order = await buyPlan(t, user, 'basis-24', { pay_type: 'yearly', email: user.email });
    expect(order.periodEnd).toEqual(new Date('2029-04-15T09:30:00Z'));

    const basis1 = await productOf(t.database, 'tier-fritz', 'basis-1');
    const basis12 = await productOf(t.database, 'tier-fritz', 'basis-12');
    const downgrade = (price_id: string | null) =>
      t.app.inject({ method: 'POST', url: apiPaths.downgrade, headers: as(user), payload: { price_id } });
    // BASIS 1 (monthly only) is not on the list, by either of its ids.
    expect((await downgrade(basis1.monthlyPriceId)).statusCode).toBe(409);
    expect((await downgrade(basis1.yearlyPriceId)).statusCode).toBe(400);
    const scheduled = await downgrade(basis12.yearlyPriceId);
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const subscription = await subscriptionOf(t, user.id);
    clock.set(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    await runJob(t, await pendingJob(t, QUEUES.termEnd, user.id));
    const renewed = await subscriptionReaches(t, user.id, (row) => row.currentPeriodEnd > order.periodEnd!);
    expect(renewed).toMatchObject({
      productId: basis12.id,
      payType: 'yearly',
      currentPeriodStart: new Date('2029-04-15T09:30:00Z'),
      currentPeriodEnd: new Date('2030-04-15T09:30:00Z'),
      downgradeProductId: null,
    });
    expect((await membershipRow(t.database, user.id))?.productId).toBe(basis12.id);
  });

  test('BASIS 1 runs one month and renews for one month', async () => {
    clock.set(at);
    const user = await t.user();
    const order = await buyPlan(t, user, 'basis-1', { pay_type: 'monthly', email: user.email });
    expect(order.periodEnd).toEqual(new Date('2027-05-15T09:30:00Z'));
    clock.set(new Date(order.periodEnd!.getTime() + 60_000));
    await runJob(t, await pendingJob(t, QUEUES.termEnd, user.id));
    const renewed = await subscriptionReaches(t, user.id, (row) => row.currentPeriodEnd > order.periodEnd!);
    expect(renewed.currentPeriodEnd).toEqual(new Date('2027-06-15T09:30:00Z'));
  });
});
