import { brandConfig, myInfoSchema } from '@pet/shared';
import { describe, expect, test } from 'vitest';
import { as, nextIp, type TestUser } from '../../../test/support/accounts.ts';
import { issueCode, membershipRow, productOf } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { jobHandlers } from '../../job-registry.ts';
import { addMonths } from '../../lib/dates.ts';
import { endTrial, type TrialEndJob } from './membership.service.ts';

// Long-running (8 s): trial ends through the real queue (started first: vitest.config.ts).

// A trial of a few seconds through the real path: the public API stays months-based, and the app's clock
// is set one month back (plus a few seconds), so "now + 1 month" is a moment just ahead of the real time.
// The redemption makes the pg-boss job with that start time; the worker ends the trial when it comes.

const AHEAD_MS = 3_000;
const clock = () => addMonths(new Date(Date.now() + AHEAD_MS), -1);

const t = useTestApp({ clock });

async function me(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
  return myInfoSchema.parse(response.json());
}

function apply(user: TestUser, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscription/change/apply',
    remoteAddress: nextIp(),
    headers: as(user, 'bearer'),
    payload: { activation_code: code },
  });
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a trial ends on its date and falls back to the default plan (pg-boss job)', () => {
  test('the worker ends the trial at trial_ends_at, once', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { type: 'trial', months: 1, product: 'premium' });
    const applied = myInfoSchema.parse((await apply(user, code)).json());
    expect(applied).toMatchObject({ is_trial: true, trial_months: 1, product: { name: 'Premium' } });
    const endsAt = new Date(applied.trial_ends_at!).getTime();
    expect(endsAt).toBeLessThanOrEqual(Date.now() + AHEAD_MS + 1_000);
    const codeId = (await membershipRow(t.database, user.id))!.activationCodeId;

    await t.app.ctx.jobs.work(jobHandlers(t.app), { pollingIntervalSeconds: 0.5 });
    const fellBack = await waitFor(async () => {
      const info = await me(user);
      return info.is_trial ? undefined : { info, at: Date.now() };
    }, 20_000);
    expect(fellBack.at).toBeGreaterThanOrEqual(endsAt);
    expect(fellBack.info).toMatchObject({
      product: { name: 'Free', is_default: true },
      product_associated: false,
      is_trial: false,
      trial_months: null,
      trial_ends_at: null,
      activation_code_type: null,
    });
    const row = await membershipRow(t.database, user.id);
    const free = await productOf(t.database, 'petention', 'free');
    expect(row).toMatchObject({ productId: free.id, trialJobId: null, activationCodeId: codeId });

    // Idempotent: the same job again changes nothing.
    const job: TrialEndJob = { userId: user.id, codeId: codeId!, endsAt: new Date(endsAt).toISOString() };
    expect(await endTrial(t.database.db, brandConfig('petention'), job)).toBe(false);
  });

  test('a later code outdates the trial: its job (cancelled, or run anyway) changes nothing', async () => {
    const user = await t.user();
    const trial = myInfoSchema.parse(
      (await apply(user, await issueCode(t.database, { type: 'trial', months: 1 }))).json(),
    );
    const before = await membershipRow(t.database, user.id);
    const replaced = await apply(user, await issueCode(t.database, { product: 'basic' }));
    expect(replaced.json()).toMatchObject({ is_trial: false, product: { name: 'Basic' } });
    const job: TrialEndJob = {
      userId: user.id,
      codeId: before!.activationCodeId!,
      endsAt: trial.trial_ends_at!,
    };
    expect(await endTrial(t.database.db, brandConfig('petention'), job)).toBe(false);
    // Past the old trial's end the user is still on the code's plan.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, new Date(trial.trial_ends_at!).getTime() - Date.now()) + 1_500),
    );
    expect(await me(user)).toMatchObject({ product: { name: 'Basic' }, activation_code_type: 'standard' });
  });
});
