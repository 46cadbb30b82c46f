import { brandConfig } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, nextIp, type TestUser } from '../../../test/support/accounts.ts';
import { buyPlan, deliverSandboxEvents } from '../../../test/support/billing.ts';
import { issueCode, membershipRow, productOf } from '../../../test/support/plans.ts';
import { jobsOf, pendingJob, settableClock } from '../../../test/support/subscription.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { userPlans } from '../../db/schema/index.ts';
import { JOBS, QUEUES } from '../../job-registry.ts';
import { addMonths } from '../../lib/dates.ts';
import { giveLegacyGiftsAnEnd } from './gift-ends.backfill.ts';
import { endGift, type GiftEndJob } from './membership.service.ts';

// Gift memberships end (ADR 0011 "Gifts"): redemption + the batch's months (12 without), through the
// plans.gift-end job, which falls back to the default plan only while the user is still on that gift.

const clock = settableClock();
const t = useTestApp({ clock: clock.read });
const petention = brandConfig('petention');

beforeAll(async () => {
  await deliverSandboxEvents(t);
});

async function redeemGift(user: TestUser, months?: number) {
  const code = await issueCode(t.database, {
    type: 'gift',
    product: 'premium',
    ...(months ? { months } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/subscription/change/apply',
    remoteAddress: nextIp(),
    headers: as(user, 'bearer'),
    payload: { activation_code: code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return membershipRow(t.database, user.id);
}

describe('gift end', () => {
  test('a gift without months ends after 12, with its job; the job falls back once', async () => {
    clock.set(new Date());
    const user = await t.user();
    const gift = await redeemGift(user);
    expect(gift).toMatchObject({ isGift: true, giftEndsAt: addMonths(clock.read(), 12) });
    const job = await pendingJob(t, QUEUES.giftEnd, user.id);
    expect(job.id).toBe(gift?.giftJobId);
    expect(job.startAfter).toEqual(gift?.giftEndsAt);
    clock.set(gift!.giftEndsAt!);
    const data = job.data as unknown as GiftEndJob;
    expect(await endGift(t.database.db, petention, data)).toBe(true);
    const free = await productOf(t.database, 'petention', 'free');
    expect(await membershipRow(t.database, user.id)).toMatchObject({
      productId: free.id,
      isGift: false,
      giftEndsAt: null,
      giftJobId: null,
    });
    expect(await endGift(t.database.db, petention, data)).toBe(false);
  });

  test("a batch's months set the end; a paid plan replacing the gift cancels its job", async () => {
    clock.set(new Date());
    const user = await t.user();
    const gift = await redeemGift(user, 3);
    expect(gift?.giftEndsAt).toEqual(addMonths(clock.read(), 3));
    const job = await pendingJob(t, QUEUES.giftEnd, user.id);
    await buyPlan(t, user, 'basic', { email: user.email });
    const [after] = await jobsOf(t, QUEUES.giftEnd, user.id);
    expect(after?.state).toBe('cancelled');
    // Run anyway: the user is no longer on that gift.
    expect(await endGift(t.database.db, petention, job.data as unknown as GiftEndJob)).toBe(false);
    expect((await membershipRow(t.database, user.id))?.isGift).toBe(false);
  });

  test('gifts redeemed before gift ends get one at the start, once', async () => {
    clock.set(new Date());
    const user = await t.user();
    await redeemGift(user);
    const [job] = await jobsOf(t, QUEUES.giftEnd, user.id);
    await t.app.ctx.jobs.cancel(JOBS.giftEnd, job!.id);
    // As before migration 0012: no end, no job.
    await t.database.db
      .update(userPlans)
      .set({ giftEndsAt: null, giftJobId: null })
      .where(eq(userPlans.userId, user.id));
    expect(await giveLegacyGiftsAnEnd(t.database.db, t.app.ctx.jobs, clock.read())).toBeGreaterThanOrEqual(1);
    const given = await membershipRow(t.database, user.id);
    expect(given?.giftEndsAt).toEqual(addMonths(clock.read(), 12));
    expect(await pendingJob(t, QUEUES.giftEnd, user.id)).toMatchObject({ id: given?.giftJobId });
    expect(await giveLegacyGiftsAnEnd(t.database.db, t.app.ctx.jobs, clock.read())).toBe(0);
  });
});
