import {
  cancelAtResponseSchema,
  cancelResponseSchema,
  downgradeResponseSchema,
  myInfoSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { paidOrder, TEST_WEBHOOK_SECRET } from '../../../../test/support/billing.ts';
import { rowsOf } from '../../../../test/support/pets.ts';
import { issueCode, productOf } from '../../../../test/support/plans.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import {
  holdSubscriptionRow,
  jobsOf,
  sendSubscriptionMails,
  subscriptionOf as subscriptionRow,
} from '../../../../test/support/subscription.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { QUEUES } from '../../../job-registry.ts';

// Cancel, revoke, downgrade and its withdrawal with the sandbox provider (ADR 0011 "Cancel, revoke,
// downgrade"): every rule and refusal, the idempotent repeats, myinfo's `downgrading` and the mails in en and
// de. The same routes against the fake Stripe: subscription-stripe.test.ts.

let now = new Date('2026-03-10T09:00:00Z');
const t = useTestApp({ clock: () => now, env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

beforeAll(async () => {
  await sendSubscriptionMails(t);
});

const post = (user: TestUser | null, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(user ? { headers: as(user) } : {}),
    ...(payload ? { payload } : {}),
  });
const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: as(user) } : {}) });

async function cancelAt(user: TestUser) {
  const response = await get(user, apiPaths.cancelAt);
  expect(response.statusCode, response.body).toBe(200);
  return cancelAtResponseSchema.parse(response.json());
}

async function myInfo(user: TestUser) {
  return myInfoSchema.parse((await get(user, '/v1/auth/myinfo')).json());
}

const subscriptionOf = (user: TestUser) => subscriptionRow(t, user.id);

async function priceId(key: string, payType: 'monthly' | 'yearly') {
  const product = await productOf(t.database, 'petention', key);
  return (payType === 'monthly' ? product.monthlyPriceId : product.yearlyPriceId)!;
}

/** A user who bought `key` (sandbox, paid by its event) at the test's clock. */
async function payer(key: string, payType: 'monthly' | 'yearly', language: 'en' | 'de' = 'en') {
  const user = await t.user({ language });
  await paidOrder(t, user, key, { pay_type: payType, email: user.email });
  return user;
}

const unix = (instant: Date) => Math.floor(instant.getTime() / 1000);
/** The user's subscription mails of `kind` owed so far (a job each, sent with the change). */
const mailJobs = async (user: TestUser, kind: string) =>
  (await jobsOf(t, QUEUES.subscriptionMail, user.id)).filter((job) => job.data.kind === kind);

function refused(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ message });
}

describe('without a paid subscription', () => {
  test('unauthenticated: every route answers 401', async () => {
    expect((await get(null, apiPaths.cancelAt)).statusCode).toBe(401);
    for (const url of [apiPaths.cancel, apiPaths.cancelRevoke, apiPaths.cancelDowngrade]) {
      expect((await post(null, url)).statusCode, url).toBe(401);
    }
    expect((await post(null, apiPaths.downgrade, { price_id: 'price_x' })).statusCode).toBe(401);
  });

  test('a free (default plan) user: status none; cancel refused with the contact text, the rest 409', async () => {
    const user = await t.user();
    expect(await cancelAt(user)).toEqual({ status: 'none', end_date: null });
    refused(await post(user, apiPaths.cancel), 409, 'Free_Plan_Cannot_Terminate_Text');
    refused(await post(user, apiPaths.cancelRevoke), 409, 'No_Paid_Subscription_Text');
    refused(await post(user, apiPaths.cancelDowngrade), 409, 'No_Paid_Subscription_Text');
    refused(
      await post(user, apiPaths.downgrade, { price_id: await priceId('basic', 'yearly') }),
      409,
      'No_Paid_Subscription_Text',
    );
  });

  test('a user on a paid plan without paying for it (operator, promo, trial): No_Paid_Subscription_Text', async () => {
    const user = await t.user({ plan: 'premium' });
    expect(await cancelAt(user)).toEqual({ status: 'none', end_date: null });
    refused(await post(user, apiPaths.cancel), 409, 'No_Paid_Subscription_Text');
  });

  test('a gift user cannot downgrade (403, the popup) nor cancel (409)', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { type: 'gift' });
    const applied = await post(user, apiPaths.applyActivationCode, { activation_code: code });
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    refused(
      await post(user, apiPaths.downgrade, { price_id: await priceId('basic', 'yearly') }),
      403,
      'Downgrade_Not_Possible_Text',
    );
    refused(await post(user, apiPaths.cancel), 409, 'No_Paid_Subscription_Text');
  });

  test('a missing or empty price id is a 400', async () => {
    const user = await payer('premium', 'yearly');
    expect((await post(user, apiPaths.downgrade, {})).statusCode).toBe(400);
    expect((await post(user, apiPaths.downgrade, { price_id: ' ' })).statusCode).toBe(400);
  });
});

describe('cancel and revoke', () => {
  test('cancel ends at the term, mails the last day once; revoke restores it; both idempotent', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium', 'yearly');
    const { currentPeriodEnd } = await subscriptionOf(user);
    const end = unix(currentPeriodEnd);
    expect(await cancelAt(user)).toEqual({ status: 'active', end_date: end });

    const first = await post(user, apiPaths.cancel);
    expect(first.statusCode, first.body).toBe(200);
    expect(cancelResponseSchema.parse(first.json())).toEqual({ current_phase: { end_date: end } });
    expect(await cancelAt(user)).toEqual({ status: 'cancel', end_date: end });
    expect((await subscriptionOf(user)).cancelAt).toEqual(currentPeriodEnd);

    // A term from 10.03.2026 09:00 UTC for a year ends 10.03.2027 09:00 UTC: the next term would start that day,
    // so 09.03.2027 is its last (ADR 0011, termLastDay).
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && m.subject?.includes('cancellation') === true,
    );
    expect(mail.subject).toContain('09.03.2027');
    expect(mail.text).toContain('Premium stays active until 09.03.2027');
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/my-account/subscription`);

    const again = await post(user, apiPaths.cancel);
    expect(again.json()).toEqual(first.json());
    const revoked = await post(user, apiPaths.cancelRevoke);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(cancelAtResponseSchema.parse(revoked.json())).toEqual({ status: 'active', end_date: end });
    expect((await post(user, apiPaths.cancelRevoke)).json()).toEqual({ status: 'active', end_date: end });
    expect(await cancelAt(user)).toEqual({ status: 'active', end_date: end });
    expect((await subscriptionOf(user)).cancelAt).toBeNull();
    // One confirmation for the one cancellation (the repeat told nobody).
    expect(await mailJobs(user, 'cancellation-confirmed')).toHaveLength(1);
  });

  test('a mail server that refuses the confirmation: the cancel stands, the mail is tried again and arrives', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium', 'yearly');
    const refusalsLeft = t.sink.refuse(user.email, 1);
    const response = await post(user, apiPaths.cancel);
    expect(response.statusCode, response.body).toBe(200);
    expect((await subscriptionOf(user)).cancelAt).not.toBeNull();
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && m.subject?.includes('cancellation') === true,
      15_000,
    );
    expect(refusalsLeft()).toBe(0);
    expect(mail.text).toContain('Premium stays active until 09.03.2027');
    const [job] = await mailJobs(user, 'cancellation-confirmed');
    const [row] = rowsOf<{ retry_count: number }>(
      await t.database.db.execute(sql`select retry_count from pgboss.job where id = ${job!.id}`),
    );
    expect(row?.retry_count).toBe(1);
  });

  test('German: the confirmation in formal German with the last day', async () => {
    now = new Date('2026-01-31T12:00:00Z');
    const user = await payer('basic', 'monthly', 'de');
    expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && m.subject?.includes('Kündigung') === true,
    );
    // A month from 31.01 is clamped to 28.02 (12:00 UTC), the next term's first day: the last day is 27.02.2026.
    expect(mail.subject).toContain('27.02.2026');
    expect(mail.text).toContain('Ihr Tarif Basic bleibt bis zum 27.02.2026 aktiv');
    expect(mail.text).toContain('Sie');
  });

  test('after the term’s end nothing is left to revoke (409) and the status is none', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('basic', 'monthly');
    expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
    const { currentPeriodEnd } = await subscriptionOf(user);
    now = new Date(currentPeriodEnd.getTime() + 1000);
    refused(await post(user, apiPaths.cancelRevoke), 409, 'No_Paid_Subscription_Text');
    expect(await cancelAt(user)).toEqual({ status: 'none', end_date: null });
    now = new Date('2026-03-10T09:00:00Z');
  });

  test('concurrent cancels and revokes queue on the row: every call answers, the state is one of them', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium', 'monthly');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(user, i % 2 ? apiPaths.cancelRevoke : apiPaths.cancel)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const status = (await cancelAt(user)).status;
    expect(['cancel', 'active']).toContain(status);
    expect((await subscriptionOf(user)).cancelAt !== null).toBe(status === 'cancel');
  });

  for (const [route, url] of [
    ['cancel', apiPaths.cancel],
    ['revoke', apiPaths.cancelRevoke],
    ['cancel/downgrade', apiPaths.cancelDowngrade],
    ['downgrade', apiPaths.downgrade],
  ] as const) {
    test(`${route} waits while another change holds the subscription row`, async () => {
      now = new Date('2026-03-10T09:00:00Z');
      const user = await payer('premium', 'yearly');
      if (route === 'revoke') expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
      // Everything the test reads comes before the hold: on PGlite (one connection) it would wait for it.
      const body = route === 'downgrade' ? { price_id: await priceId('basic', 'yearly') } : undefined;
      const hold = await holdSubscriptionRow(t, user.id);
      let answered = false;
      const change = post(user, url, body).then((response) => {
        answered = true;
        return response;
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(answered).toBe(false);
      } finally {
        await hold.release();
      }
      expect((await change).statusCode).toBe(200);
    });
  }
});

describe('downgrade and its withdrawal', () => {
  test('schedules a plan of the list from the term’s end; myinfo shows it; repeat, withdraw, mail', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium-gps', 'yearly', 'de');
    const basic = await productOf(t.database, 'petention', 'basic');
    const downgrading = { product_id: basic.id, product_name: 'Basic', starts_on: '2027-03-10' };

    const scheduled = await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(downgradeResponseSchema.parse(scheduled.json())).toEqual({ downgrading });
    expect((await myInfo(user)).downgrading).toEqual(downgrading);
    expect(await subscriptionOf(user)).toMatchObject({
      downgradeProductId: basic.id,
      downgradePriceId: basic.yearlyPriceId,
      downgradePayType: 'yearly',
      productId: (await productOf(t.database, 'petention', 'premium-gps')).id,
    });
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && m.subject?.includes('Wechsel') === true,
    );
    expect(mail.subject).toContain('Basic');
    expect(mail.text).toContain('Er beginnt am 10.03.2027');

    // The same again: the same answer, no second mail.
    expect((await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId })).json()).toEqual({
      downgrading,
    });
    // Another target replaces it.
    const premium = await productOf(t.database, 'petention', 'premium');
    const replaced = await post(user, apiPaths.downgrade, { price_id: premium.yearlyPriceId });
    expect(replaced.json()).toEqual({
      downgrading: { product_id: premium.id, product_name: 'Premium', starts_on: '2027-03-10' },
    });

    const withdrawn = await post(user, apiPaths.cancelDowngrade);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ downgrading: false });
    expect((await post(user, apiPaths.cancelDowngrade)).json()).toEqual({ downgrading: false });
    expect((await myInfo(user)).downgrading).toBe(false);
    expect(await subscriptionOf(user)).toMatchObject({
      downgradeProductId: null,
      downgradePriceId: null,
      downgradePayType: null,
    });
    // Two changes, two mails: the repeat and the withdrawal tell nobody.
    expect(await mailJobs(user, 'downgrade-scheduled')).toHaveLength(2);
    await t.sink.waitFor(
      (m) =>
        sentTo(user.email)(m) && m.subject?.includes('Wechsel') === true && m.subject.includes('Premium'),
    );
  });

  test('refused unless on the downgrade list with the spec’s price id (409 Downgrade_Not_Possible_Text)', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium', 'monthly');
    const notPossible = async (price: string) =>
      refused(await post(user, apiPaths.downgrade, { price_id: price }), 409, 'Downgrade_Not_Possible_Text');
    await notPossible(await priceId('premium-gps', 'yearly')); // above the current plan
    await notPossible(await priceId('premium', 'yearly')); // the current plan
    await notPossible(await priceId('basic', 'monthly')); // sequence 1: the yearly id, also for a monthly payer
    await notPossible('price_unknown');
    expect((await myInfo(user)).downgrading).toBe(false);
    // The spec's id for a monthly payer whose target's sequence is 2 or less: the yearly one.
    const basic = await productOf(t.database, 'petention', 'basic');
    const ok = await post(user, apiPaths.downgrade, { price_id: basic.yearlyPriceId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await subscriptionOf(user)).downgradePayType).toBe('yearly');
  });

  test('while cancelled a downgrade is refused; a cancel withdraws a pending downgrade', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    const user = await payer('premium', 'yearly');
    const basicYearly = await priceId('basic', 'yearly');
    expect((await post(user, apiPaths.downgrade, { price_id: basicYearly })).statusCode).toBe(200);
    expect((await post(user, apiPaths.cancel)).statusCode).toBe(200);
    expect((await myInfo(user)).downgrading).toBe(false);
    expect(await subscriptionOf(user)).toMatchObject({ downgradePriceId: null });
    refused(
      await post(user, apiPaths.downgrade, { price_id: basicYearly }),
      409,
      'Cancellation_Pending_Text',
    );
    // Revoked, the current plan renews and a downgrade may be scheduled again.
    expect((await post(user, apiPaths.cancelRevoke)).statusCode).toBe(200);
    expect((await post(user, apiPaths.downgrade, { price_id: basicYearly })).statusCode).toBe(200);
  });
});

describe('hunde-schutz: a monthly payer’s target above sequence 2 takes its monthly price id', () => {
  const hs = useTestApp({ brand: 'hunde-schutz', env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

  test('Premium Plus monthly to Premium GPS: the monthly id, not the yearly one', async () => {
    const user = await hs.user();
    await paidOrder(hs, user, 'premium-plus', { pay_type: 'monthly', email: user.email });
    const gps = await productOf(hs.database, 'hunde-schutz', 'premium-gps');
    const downgrade = (price_id: string | null) =>
      hs.app.inject({ method: 'POST', url: apiPaths.downgrade, headers: as(user), payload: { price_id } });
    refused(await downgrade(gps.yearlyPriceId), 409, 'Downgrade_Not_Possible_Text');
    const ok = await downgrade(gps.monthlyPriceId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await subscriptionRow(hs, user.id)).downgradePayType).toBe('monthly');
  });
});
