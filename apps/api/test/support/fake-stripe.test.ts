import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { decodeForm, type FakeStripe, startFakeStripe, useFakeStripe } from './fake-stripe.ts';

// The fake Stripe itself, through the real SDK: what the Stripe provider's tests rely on it to do like Stripe.

describe('fake Stripe', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ price_basic: 1000, price_plus: 2000, price_plus_yearly: 20000 });
    const { hostname, port } = new URL(fake.url);
    stripe = new Stripe(fake.secretKey, { host: hostname, port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  test("decodes Stripe's form encoding into nested objects and lists", () => {
    expect(
      decodeForm(
        'customer=cus_1&items[0][price]=p&items[0][discounts][0][coupon]=c&metadata[order_id]=o&expand[0]=a&expand[1]=b',
      ),
    ).toEqual({
      customer: 'cus_1',
      items: [{ price: 'p', discounts: [{ coupon: 'c' }] }],
      metadata: { order_id: 'o' },
      expand: ['a', 'b'],
    });
  });

  test('refuses another API key the way Stripe does', async () => {
    const stranger = new Stripe('sk_test_other', {
      host: '127.0.0.1',
      port: new URL(fake.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.customers.create({ email: 'a@example.com' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  test('answers a repeated idempotency key with the first response, and refuses it with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect(fake.requests.filter((r) => r.idempotencyKey === 'k1')).toHaveLength(3);
  });

  test("answers Stripe's errors for a missing object, an unknown price and an unknown endpoint", async () => {
    await expect(stripe.invoices.retrieve('in_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_other' }] }),
    ).rejects.toMatchObject({ code: 'resource_missing', message: "No such price: 'price_other'" });
    await expect(stripe.refunds.create({ payment_intent: 'pi_1' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  test('settles a payment and signs the events Stripe would send, which the SDK verifies', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_basic' }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: 1000 });
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(invoice).not.toHaveProperty('payments');

    const events = fake.settle(invoice.id, 'paid');
    const verified = events.map((e) => stripe.webhooks.constructEvent(e.body, e.header, fake.webhookSecret));
    expect(verified.map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 1000 });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active' });
  });

  test('updates a subscription: cancel_at_period_end, an item’s price by its id, an item added without one', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_basic' }],
    });
    expect(created.cancel_at_period_end).toBe(false);
    const item = created.items.data[0]!.id;

    const cancelled = await stripe.subscriptions.update(created.id, { cancel_at_period_end: true });
    expect(cancelled.cancel_at_period_end).toBe(true);
    expect(
      (await stripe.subscriptions.update(created.id, { cancel_at_period_end: false })).cancel_at_period_end,
    ).toBe(false);

    const repriced = await stripe.subscriptions.update(created.id, {
      items: [{ id: item, price: 'price_plus' }],
      proration_behavior: 'none',
    });
    expect(repriced.items.data.map((i) => [i.id, i.price.id])).toEqual([[item, 'price_plus']]);
    const added = await stripe.subscriptions.update(created.id, { items: [{ price: 'price_basic' }] });
    expect(added.items.data.map((i) => i.price.id)).toEqual(['price_plus', 'price_basic']);

    await expect(
      stripe.subscriptions.update(created.id, { items: [{ id: 'si_missing', price: 'price_basic' }] }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(
      stripe.subscriptions.update(created.id, { items: [{ id: item, price: 'price_other' }] }),
    ).rejects.toMatchObject({ code: 'resource_missing', message: "No such price: 'price_other'" });
    await stripe.subscriptions.cancel(created.id);
    await expect(
      stripe.subscriptions.update(created.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  /** An active monthly subscription on price_basic, its first invoice paid. */
  async function activeSubscription() {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_basic' }],
    });
    fake.settle(String(created.latest_invoice), 'paid');
    return stripe.subscriptions.retrieve(created.id);
  }
  const invoicesOf = (ref: string) =>
    [...fake.objects.values()].filter(
      (o) =>
        o.object === 'invoice' &&
        (o.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
          ref,
    );

  test('a price of another interval restarts the billing cycle now and invoices it at once, as at Stripe', async () => {
    const subscription = await activeSubscription();
    const item = subscription.items.data[0]!;
    fake.objects.get(subscription.id)!.items = {
      ...(subscription.items as object),
      data: [{ ...item, current_period_start: 1_000, current_period_end: 2_000 }],
    };
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_plus' }],
      proration_behavior: 'none',
    });
    expect(invoicesOf(subscription.id)).toHaveLength(1);
    const yearly = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_plus_yearly' }],
      proration_behavior: 'none',
    });
    expect(yearly.items.data[0]!.current_period_start).toBeGreaterThan(2_000);
    expect(invoicesOf(subscription.id).at(-1)).toMatchObject({
      billing_reason: 'subscription_update',
      amount_due: 20000,
    });
  });

  test('subscription schedules: from a subscription, phases replaced, cancellation refused under one, released', async () => {
    const subscription = await activeSubscription();
    const item = subscription.items.data[0]!;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({
      status: 'active',
      end_behavior: 'release',
      subscription: subscription.id,
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      phases: [{ items: [{ price: 'price_basic', quantity: 1 }] }],
    });
    await expect(
      stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('managed by the subscription schedule'),
    });

    const current = { items: [{ price: 'price_basic' }], end_date: item.current_period_end };
    await expect(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [{ ...current, start_date: item.current_period_start + 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { ...current, start_date: item.current_period_start },
        { items: [{ price: 'price_plus_yearly' }], duration: { interval: 'year', interval_count: 1 } },
      ],
    });
    expect(updated.phases.map((p) => [p.start_date, p.items[0]?.price])).toEqual([
      [item.current_period_start, 'price_basic'],
      [item.current_period_end, 'price_plus_yearly'],
    ]);
    // Nothing changes now: no invoice, the same period.
    expect(invoicesOf(subscription.id)).toHaveLength(1);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]).toMatchObject({
      price: { id: 'price_basic' },
      current_period_end: item.current_period_end,
    });

    // The renewal enters the next phase; after the last one the schedule releases the subscription.
    const first = { start: item.current_period_end, end: item.current_period_end + 365 * 86_400 };
    fake.renew(subscription.id, 'paid', first);
    expect(invoicesOf(subscription.id).at(-1)).toMatchObject({ amount_due: 20000 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);
    fake.renew(subscription.id, 'paid', { start: first.end, end: first.end + 365 * 86_400 });
    expect(invoicesOf(subscription.id).at(-1)).toMatchObject({ amount_due: 20000 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'released',
      released_subscription: subscription.id,
    });
    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('useFakeStripe', () => {
  // Handed to useTestApp({ env: stripe.env }) after this call; its beforeAll fills the env first.
  const stripe = useFakeStripe();

  test("fills the env that points an app at the fake, which knows every catalogue's prices", async () => {
    expect(loadEnv(stripe.env)).toMatchObject({
      STRIPE_API_URL: stripe.fake.url,
      STRIPE_SECRET_KEY: stripe.fake.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.fake.webhookSecret,
    });
    const { hostname, port } = new URL(stripe.fake.url);
    const client = new Stripe(stripe.fake.secretKey, { host: hostname, port, protocol: 'http' });
    const customer = await client.customers.create({ email: 'a@example.com' });
    const subscription = await client.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_petention_basic_yearly' }],
      expand: ['latest_invoice'],
    });
    expect((subscription.latest_invoice as Stripe.Invoice).amount_due).toBe(2999);
  });
});
