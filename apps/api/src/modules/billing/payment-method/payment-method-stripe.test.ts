import { updatePaymentResponseSchema } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { orderRow, placeOrder } from '../../../../test/support/billing.ts';
import { type SignedEvent, useFakeStripe } from '../../../../test/support/fake-stripe.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { subscriptions } from '../../../db/schema/index.ts';

// The payment method with the Stripe provider against the fake Stripe: Checkout in setup mode, its
// completion (checkout.session.completed → the SetupIntent's method) saved and made Stripe's default.

const stripe = useFakeStripe();
const t = useTestApp({ env: stripe.env });

const deliver = (event: SignedEvent) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.paymentsWebhook,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.body,
  });

async function paidStripeUser(): Promise<TestUser> {
  const user = await t.user();
  const placed = await placeOrder(t, user, 'premium');
  const order = await orderRow(t, placed.order_id);
  for (const event of stripe.fake.settle(order.paymentRef ?? '', 'paid')) {
    expect((await deliver(event)).statusCode).toBe(200);
  }
  expect((await orderRow(t, placed.order_id)).status).toBe('paid');
  return user;
}

async function subscriptionOf(user: TestUser) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (!row) throw new Error('no subscription');
  return row;
}

const returnUrls = () => ({
  success_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateSuccessful}`,
  cancel_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateFailed}`,
});

async function startUpdate(user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: apiPaths.updatePayment,
    headers: as(user),
    payload: returnUrls(),
  });
  expect(response.statusCode).toBe(200);
  return updatePaymentResponseSchema.parse(response.json());
}

describe('update_payment with Stripe', () => {
  test('a Checkout session in setup mode for the customer, returning to the web with the session id', async () => {
    const user = await paidStripeUser();
    const subscription = await subscriptionOf(user);
    const session = await startUpdate(user);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const create = stripe.fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.params).toMatchObject({
      mode: 'setup',
      customer: subscription.customerRef,
      allowed_payment_method_types: ['card', 'sepa_debit'],
      success_url: `${returnUrls().success_url}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: returnUrls().cancel_url,
      metadata: { user_id: user.id, subscription_ref: subscription.subscriptionRef },
    });
  });

  test.each([
    ['card', 'Visa •••• 4242', { type: 'card', brand: 'Visa', last4: '4242', exp_month: 12 }],
    ['sepa', 'SEPA DE •••• 3000', { type: 'sepa', brand: null, last4: '3000', country: 'DE' }],
  ] as const)(
    'completion with %s: saved, made the default at Stripe, shown by payment_method',
    async (kind, label, shown) => {
      const user = await paidStripeUser();
      const before = await subscriptionOf(user);
      const session = await startUpdate(user);
      const events = stripe.fake.completeSetup(session.id, kind);
      const answers = [];
      for (const event of events) answers.push((await deliver(event)).json());
      // setup_intent.succeeded is not acted on; the session's completion is.
      expect(answers).toEqual([
        { received: true, result: 'ignored' },
        { received: true, result: 'applied' },
      ]);
      const after = await subscriptionOf(user);
      expect(after.paymentMethodRef).toMatch(/^pm_/);
      expect(after).toMatchObject({ paymentMethod: kind, paymentMethodLabel: label });
      const ref = after.paymentMethodRef ?? '';
      expect(stripe.fake.objects.get(before.customerRef)?.invoice_settings).toEqual({
        default_payment_method: ref,
      });
      expect(stripe.fake.objects.get(before.subscriptionRef ?? '')?.default_payment_method).toBe(ref);
      const defaults = stripe.fake.requests.filter(
        (r) => r.method === 'POST' && r.idempotencyKey?.startsWith('setup-seti_'),
      );
      expect(defaults.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          `/v1/customers/${before.customerRef}`,
          `/v1/subscriptions/${before.subscriptionRef}`,
        ]),
      );

      const read = await t.app.inject({ method: 'GET', url: apiPaths.paymentMethod, headers: as(user) });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject(shown);

      // A replayed event changes nothing more.
      const replay = await deliver(events[1]!);
      expect(replay.json()).toEqual({ received: true, result: 'duplicate' });
      expect((await subscriptionOf(user)).paymentMethodRef).toBe(ref);
    },
  );
});

describe('a Stripe purchase saves the method that paid', () => {
  test('payment_method answers the card, and it is the default of Stripe’s subscription', async () => {
    const user = await paidStripeUser();
    const row = await subscriptionOf(user);
    expect(row.paymentMethodRef).toMatch(/^pm_/);
    expect(row).toMatchObject({ paymentMethod: 'card', paymentMethodLabel: 'Visa •••• 4242' });
    expect(stripe.fake.objects.get(row.subscriptionRef ?? '')?.default_payment_method).toBe(
      row.paymentMethodRef,
    );
    const read = await t.app.inject({ method: 'GET', url: apiPaths.paymentMethod, headers: as(user) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      type: 'card',
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
    });
  });

  test('made the subscription’s default when Stripe did not (once, however often the event comes)', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium');
    const order = await orderRow(t, placed.order_id);
    const events = stripe.fake.settle(order.paymentRef ?? '', 'paid');
    const subscription = stripe.fake.objects.get(order.subscriptionRef ?? '')!;
    subscription.default_payment_method = null;
    for (const event of [...events, ...events]) expect((await deliver(event)).statusCode).toBe(200);
    const row = await subscriptionOf(user);
    expect(row.paymentMethodRef).toMatch(/^pm_/);
    expect(subscription.default_payment_method).toBe(row.paymentMethodRef);
    const defaults = stripe.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${order.subscriptionRef}`,
    );
    expect(defaults.map((r) => r.params)).toEqual([{ default_payment_method: row.paymentMethodRef }]);
  });
});
