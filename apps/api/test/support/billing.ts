import { randomBytes } from 'node:crypto';
import {
  type ChangeRequestInput,
  changeRequestResponseSchema,
  sandboxConfirmResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { orders, subscriptions } from '../../src/db/schema/index.ts';
import { jobHandlers, QUEUES } from '../../src/job-registry.ts';
import { signStripePayload } from '../../src/payments/webhook-signature.ts';
import { as, type TestUser } from './accounts.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { productOf } from './plans.ts';
import type { TestApp } from './test-app.ts';

// Orders placed and paid through the API with the sandbox provider, for billing tests.

/** Starts the sandbox's event delivery in a test app (the server starts every worker; tests pick theirs). */
export async function deliverSandboxEvents(t: TestApp): Promise<void> {
  await t.app.ctx.jobs.work(
    { [QUEUES.sandboxDeliver]: jobHandlers(t.app)[QUEUES.sandboxDeliver] },
    { pollingIntervalSeconds: 0.5 },
  );
}

export async function orderBody(
  t: TestApp,
  key: string,
  overrides: Partial<ChangeRequestInput> = {},
): Promise<ChangeRequestInput> {
  const product = await productOf(t.database, t.env.BRAND, key);
  const payType = overrides.pay_type ?? 'monthly';
  return {
    product_id: product.id,
    price_id: (payType === 'monthly' ? product.monthlyPriceId : product.yearlyPriceId) ?? 'none',
    pay_type: payType,
    name: 'Erika Mustermann',
    email: 'erika@example.test',
    street: 'Hauptstraße 1',
    zipcode: '10115',
    city: 'Berlin',
    terms_accepted: true,
    ...overrides,
  };
}

export function changeRequest(t: TestApp, user: TestUser, body: ChangeRequestInput) {
  return t.app.inject({ method: 'POST', url: apiPaths.changeRequest, headers: as(user), payload: body });
}

export async function placeOrder(
  t: TestApp,
  user: TestUser,
  key: string,
  overrides: Partial<ChangeRequestInput> = {},
) {
  const response = await changeRequest(t, user, await orderBody(t, key, overrides));
  if (response.statusCode !== 200)
    throw new Error(`change/request answered ${response.statusCode}: ${response.body}`);
  return changeRequestResponseSchema.parse(response.json());
}

export const piOf = (secret: string) => secret.slice(0, secret.indexOf('_secret_'));

export async function confirm(t: TestApp, secret: string, paymentMethod: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${apiPaths.sandboxPaymentIntents}/${piOf(secret)}/confirm`,
    payload: { client_secret: secret, payment_method: paymentMethod },
  });
  return {
    statusCode: response.statusCode,
    body: response.statusCode === 200 ? sandboxConfirmResponseSchema.parse(response.json()) : response.json(),
  };
}

const billingDetails = { name: 'Erika Mustermann', email: 'erika@example.test', address: {} };

export const card = (
  number: string,
  extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {},
) => ({
  type: 'card',
  card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123', ...extra },
  billing_details: billingDetails,
});

export const sepa = (iban: string) => ({
  type: 'sepa_debit',
  sepa_debit: { iban },
  billing_details: billingDetails,
});

export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** Waits until the order reaches `status` (events arrive through a job). */
export async function orderReaches(t: TestApp, id: string, status: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await orderRow(t, id);
    if (row.status === status) return row;
    if (Date.now() > until) throw new Error(`order ${id} is ${row.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Places an order for `key` and pays it with the 4242 card, waiting for the paid event. */
export async function buyPlan(
  t: TestApp,
  user: TestUser,
  key: string,
  overrides: Partial<ChangeRequestInput> = {},
) {
  const placed = await placeOrder(t, user, key, overrides);
  const confirmed = await confirm(t, placed.secret, card('4242424242424242'));
  if (confirmed.body.paymentIntent?.status !== 'succeeded') throw new Error(JSON.stringify(confirmed.body));
  return orderReaches(t, placed.order_id, 'paid');
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_billing_secret_0123456789';

/** A Stripe-shaped payment_intent event for `paymentRef`, as the sandbox sends it. */
export function intentEvent(
  paymentRef: string,
  type: 'payment_intent.succeeded' | 'payment_intent.processing' | 'payment_intent.payment_failed',
  eventId = `evt_${randomBytes(8).toString('hex')}`,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentRef,
        object: 'payment_intent',
        payment_method_label: 'Visa •••• 4242',
        last_payment_error:
          type === 'payment_intent.payment_failed'
            ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
            : null,
      },
    },
  });
}

/** Posts an event to the webhook, signed with the test app's SANDBOX_WEBHOOK_SECRET (or `secret`). */
export function postEvent(t: TestApp, payload: string, secret = TEST_WEBHOOK_SECRET) {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.paymentsWebhook,
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, secret) },
    payload,
  });
}

/** Places an order and marks it paid with a signed event (no browser confirmation, no delivery job). */
export async function paidOrder(
  t: TestApp,
  user: TestUser,
  key: string,
  overrides: Partial<ChangeRequestInput> = {},
) {
  const placed = await placeOrder(t, user, key, overrides);
  const response = await postEvent(t, intentEvent(piOf(placed.secret), 'payment_intent.succeeded'));
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
  return orderRow(t, placed.order_id);
}

/**
 * A user who bought `key` yearly through Stripe (the fake server): the first invoice settled and its events
 * delivered to the webhook. Answers the Stripe subscription (sub_…).
 */
export async function stripePaidPlan(
  t: TestApp,
  fake: Pick<FakeStripe, 'settle'>,
  user: TestUser,
  key: string,
): Promise<string> {
  const placed = await placeOrder(t, user, key, { pay_type: 'yearly', email: user.email });
  const { paymentRef } = await orderRow(t, placed.order_id);
  for (const event of fake.settle(paymentRef!, 'paid')) {
    const answer = await t.app.inject({
      method: 'POST',
      url: apiPaths.paymentsWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      payload: event.body,
    });
    if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}: ${answer.body}`);
  }
  await orderReaches(t, placed.order_id, 'paid');
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (!row?.subscriptionRef?.startsWith('sub_')) throw new Error(`no Stripe subscription for ${user.id}`);
  return row.subscriptionRef;
}
