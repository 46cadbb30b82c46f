import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/support/fake-stripe.ts';
import {
  CouponRefusedError,
  type PaymentProvider,
  SignatureError,
  type StartPaymentInput,
} from '../provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

// The Stripe provider with the real stripe SDK against the fake Stripe server (test/support/fake-stripe.ts).

const PRICE = 'price_petention_premium_yearly';
const BASIC = 'price_petention_basic_monthly';
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ [PRICE]: 2999, [BASIC]: 1000 });
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_fake',
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

const writes = () => fake.requests.filter((r) => r.method !== 'GET');

async function customer() {
  return stripe.createCustomer({ userId: randomUUID(), email: 'anna@example.com', name: 'Anna' });
}

function order(customerRef: string, changes: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    orderId: randomUUID(),
    userId: randomUUID(),
    customerRef,
    method: 'card',
    productId: 'prod_premium',
    priceId: PRICE,
    payType: 'yearly',
    planCents: 2999,
    trackerCents: 0,
    optionalService: null,
    discountCents: 0,
    prorationCreditCents: 0,
    totalCents: 2999,
    coupon: null,
    replacesSubscriptionRef: null,
    billing: {
      name: 'Anna',
      email: 'anna@example.com',
      street: 'Hauptstr. 1',
      zipcode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49301234567',
    },
    description: 'Premium yearly',
    ...changes,
  };
}

describe('createCustomer', () => {
  it('makes a customer with the user id in its metadata, once per user', async () => {
    const userId = randomUUID();
    const first = await stripe.createCustomer({ userId, email: 'a@example.com', name: 'A' });
    const again = await stripe.createCustomer({ userId, email: 'a@example.com', name: 'A' });
    expect(again).toBe(first);
    // Another name at the next checkout: a new customer rather than Stripe's refusal of a reused key.
    const renamed = await stripe.createCustomer({ userId, email: 'a@example.com', name: 'A B' });
    expect(renamed).not.toBe(first);
    expect(fake.objects.get(first)).toMatchObject({
      email: 'a@example.com',
      name: 'A',
      metadata: { user_id: userId },
    });
  });
});

describe('startPayment', () => {
  it('starts an incomplete card subscription on the price and answers the first invoice and its secret', async () => {
    const input = order(await customer());
    const started = await stripe.startPayment(input);

    expect(started.paymentRef).toMatch(/^in_/);
    expect(started.subscriptionRef).toMatch(/^sub_/);
    const create = fake.requests.find(
      (r) =>
        r.path === '/v1/subscriptions' && r.method === 'POST' && r.idempotencyKey?.includes(input.orderId),
    );
    expect(create?.params).toMatchObject({
      customer: input.customerRef,
      items: [{ price: PRICE }],
      payment_behavior: 'default_incomplete',
      payment_settings: { payment_method_types: ['card'] },
      metadata: { order_id: input.orderId, user_id: input.userId },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    const invoice = fake.objects.get(started.paymentRef)!;
    expect(invoice.amount_due).toBe(2999);
    const intentId = (invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0]!
      .payment.payment_intent;
    const intent = fake.objects.get(intentId)!;
    expect(started.clientSecret).toBe(intent.client_secret);
    expect(intent.metadata).toEqual({
      order_id: input.orderId,
      user_id: input.userId,
      invoice_id: started.paymentRef,
    });
  });

  it('asks for a SEPA debit with sepa_debit as the only method', async () => {
    const input = order(await customer(), { method: 'sepa' });
    const started = await stripe.startPayment(input);
    expect(fake.objects.get(started.paymentRef)?.payment_settings).toEqual({
      payment_method_types: ['sepa_debit'],
    });
  });

  it('adds the tracker once, takes the proration credit from the balance and applies the coupon made once', async () => {
    const customerRef = await customer();
    const coupon = {
      id: `cpn_${randomUUID()}`,
      code: 'SPRING',
      providerRef: null,
      percentOff: 20,
      amountOffCents: null,
      duration: 'repeating',
      durationInMonths: 3,
    };
    const basic = { priceId: BASIC, planCents: 1000, discountCents: 200, totalCents: 800 };
    const input = order(customerRef, {
      ...basic,
      trackerCents: 4990,
      prorationCreditCents: 300,
      totalCents: 1000 - 200 + 4990 - 300,
      coupon,
    });
    const started = await stripe.startPayment(input);

    const invoice = fake.objects.get(started.paymentRef)!;
    expect(invoice.starting_balance).toBe(-300);
    expect(invoice.amount_due).toBe(input.totalCents);
    const created = fake.requests.filter((r) => r.path === '/v1/coupons');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      idempotencyKey: `${coupon.id}-create`,
      params: { id: coupon.id, percent_off: '20', duration: 'repeating', duration_in_months: '3' },
    });
    const subscription = fake.requests.find(
      (r) => r.idempotencyKey === `order-${input.orderId}-subscription`,
    );
    expect(subscription?.params).toMatchObject({
      items: [{ price: BASIC, discounts: [{ coupon: coupon.id }] }],
      add_invoice_items: [
        { price_data: { currency: 'eur', unit_amount: '4990', product: 'pet_portal_gps_tracker' } },
      ],
    });
    const credit = fake.requests.find((r) => r.idempotencyKey === `order-${input.orderId}-credit`);
    expect(credit).toMatchObject({
      path: `/v1/customers/${customerRef}/balance_transactions`,
      params: { amount: '-300', currency: 'eur', metadata: { order_id: input.orderId } },
    });

    // A later order with the coupon: the Stripe coupon (our id) is reused, also when its ref was not kept.
    await stripe.startPayment(
      order(customerRef, { ...basic, coupon: { ...coupon, providerRef: coupon.id } }),
    );
    await stripe.startPayment(order(await customer(), { ...basic, coupon }));
    // Made again a day later (Stripe forgot the key): Stripe says it exists, and it is used.
    fake.forgetIdempotencyKeys();
    await stripe.startPayment(order(await customer(), { ...basic, coupon }));
    expect(fake.requests.filter((r) => r.path === '/v1/coupons').map((r) => r.idempotencyKey)).toEqual(
      Array(3).fill(`${coupon.id}-create`),
    );
    expect(fake.objects.get(coupon.id)).toMatchObject({ percent_off: 20, duration_in_months: 3 });
  });

  it('makes every write with an idempotency key from the order, and a retried start answers the same payment', async () => {
    const input = order(await customer(), {
      trackerCents: 4990,
      prorationCreditCents: 500,
      discountCents: 1000,
      totalCents: 2999 + 4990 - 1000 - 500,
      coupon: {
        id: `cpn_${randomUUID()}`,
        code: 'TENOFF',
        providerRef: null,
        percentOff: null,
        amountOffCents: 1000,
        duration: 'once',
        durationInMonths: null,
      },
    });
    const before = fake.requests.length;
    const first = await stripe.startPayment(input);
    const ours = writes().filter((r) => fake.requests.indexOf(r) >= before);
    expect(ours.map((r) => r.idempotencyKey)).toEqual([
      `${input.coupon!.id}-create`,
      'pet_portal_gps_tracker-create',
      `order-${input.orderId}-credit`,
      `order-${input.orderId}-subscription`,
      `order-${input.orderId}-payment-intent`,
    ]);

    const objectsBefore = fake.objects.size;
    expect(await stripe.startPayment(input)).toEqual(first);
    expect(fake.objects.size).toBe(objectsBefore);
    expect(fake.objects.get(input.customerRef)?.balance).toBe(0);
  });

  it('refuses, and stops, a first invoice whose amount differs from ours', async () => {
    const customerRef = await customer();
    // 20 % of 29,99 €: we give 5,99 € off, Stripe rounds to 6,00 €.
    const input = order(customerRef, {
      discountCents: 599,
      prorationCreditCents: 100,
      totalCents: 2999 - 599 - 100,
      coupon: {
        id: `cpn_${randomUUID()}`,
        code: 'TWENTY',
        providerRef: null,
        percentOff: 20,
        amountOffCents: null,
        duration: 'once',
        durationInMonths: null,
      },
    });
    await expect(stripe.startPayment(input)).rejects.toThrow(
      /\(2299 cents, with a secret\) does not pay order .* \(2300 cents\)/,
    );
    const invoice = [...fake.objects.values()].find(
      (o) => o.object === 'invoice' && o.customer === customerRef,
    )!;
    expect(invoice.status).toBe('void');
    expect(fake.objects.get(customerRef)?.balance).toBe(0);
  });

  it('refuses a price Stripe does not know', async () => {
    await expect(stripe.startPayment(order(await customer(), { priceId: 'price_nope' }))).rejects.toThrow(
      /No such price/,
    );
  });
});

describe('startPayment with a coupon Stripe refuses', () => {
  const coupon = (id: string) => ({
    id,
    code: 'GONE',
    providerRef: null,
    percentOff: 10,
    amountOffCents: null,
    duration: 'once',
    durationInMonths: null,
  });

  test.each([
    ['no longer valid', (id: string) => Object.assign(fake.objects.get(id)!, { valid: false })],
    ['deleted (its create key still answers)', (id: string) => fake.objects.delete(id)],
  ])('%s: CouponRefusedError, no subscription, the credit given back', async (_, refuse) => {
    const id = `cpn_${randomUUID()}`;
    const first = order(await customer(), { coupon: coupon(id), discountCents: 300, totalCents: 2699 });
    await stripe.startPayment(first);
    refuse(id);
    const customerRef = await customer();
    const input = order(customerRef, {
      coupon: coupon(id),
      discountCents: 300,
      prorationCreditCents: 500,
      totalCents: 2999 - 300 - 500,
    });
    await expect(stripe.startPayment(input)).rejects.toThrow(CouponRefusedError);
    const made = [...fake.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === customerRef,
    );
    expect(made).toEqual([]);
    expect(fake.objects.get(customerRef)?.balance).toBe(0);
    expect(fake.requests.at(-1)).toMatchObject({
      idempotencyKey: `order-${input.orderId}-credit-back`,
      params: { amount: '500' },
    });
  });
});

describe('paidMethod', () => {
  test('reads the card or the SEPA account that paid the invoice from its payment intent', async () => {
    const paid = await stripe.startPayment(order(await customer()));
    expect(await stripe.paidMethod(paid.paymentRef)).toEqual({ paymentMethodRef: null, label: null });
    fake.settle(paid.paymentRef, 'paid');
    expect(await stripe.paidMethod(paid.paymentRef)).toEqual({
      paymentMethodRef: expect.stringMatching(/^pm_/),
      label: 'Visa •••• 4242',
    });

    const debit = await stripe.startPayment(order(await customer(), { method: 'sepa' }));
    fake.settle(debit.paymentRef, 'processing');
    fake.settle(debit.paymentRef, 'paid');
    expect((await stripe.paidMethod(debit.paymentRef)).label).toBe('SEPA DE •••• 3000');
  });
});

describe('cancelPayment', () => {
  it('voids the open invoice, cancels the incomplete subscription and takes back the credit', async () => {
    const input = order(await customer(), { prorationCreditCents: 700, totalCents: 2999 - 700 });
    const started = await stripe.startPayment(input);
    expect(await stripe.cancelPayment(started.paymentRef)).toBe(true);
    expect(fake.objects.get(started.paymentRef)?.status).toBe('void');
    expect(fake.objects.get(started.subscriptionRef!)?.status).toBe('incomplete_expired');
    // The void gave the 7 € the invoice took back to the customer; they must not lower the next order.
    expect(fake.objects.get(input.customerRef)?.balance).toBe(0);
    const keys = writes()
      .slice(-3)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([
      `order-${input.orderId}-credit-back`,
      `order-${input.orderId}-void`,
      `order-${input.orderId}-cancel`,
    ]);
    // Asked again (a retried delete): nothing left to stop, still true.
    expect(await stripe.cancelPayment(started.paymentRef)).toBe(true);
  });

  it('answers false once the payment succeeded or while it is processing', async () => {
    const paid = await stripe.startPayment(order(await customer()));
    fake.settle(paid.paymentRef, 'paid');
    expect(await stripe.cancelPayment(paid.paymentRef)).toBe(false);
    expect(fake.objects.get(paid.subscriptionRef!)?.status).toBe('active');

    const debit = await stripe.startPayment(order(await customer(), { method: 'sepa' }));
    fake.settle(debit.paymentRef, 'processing');
    expect(await stripe.cancelPayment(debit.paymentRef)).toBe(false);
    expect(fake.objects.get(debit.paymentRef)?.status).toBe('open');
  });
});

describe('endSubscription', () => {
  it('cancels the replaced subscription at once, without proration or a last invoice', async () => {
    const started = await stripe.startPayment(order(await customer()));
    fake.settle(started.paymentRef, 'paid');
    await stripe.endSubscription(started.subscriptionRef!);
    const cancel = writes().at(-1)!;
    expect(cancel).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/${started.subscriptionRef}`,
      idempotencyKey: `end-${started.subscriptionRef}`,
      params: { prorate: 'false', invoice_now: 'false' },
    });
    expect(fake.objects.get(started.subscriptionRef!)?.status).toBe('canceled');
    // Again, after Stripe forgot the key: already ended, nothing sent.
    fake.forgetIdempotencyKeys();
    const sent = writes().length;
    await stripe.endSubscription(started.subscriptionRef!);
    expect(writes()).toHaveLength(sent);
  });
});

describe('parseEvent', () => {
  const parse = (e: { body: Buffer; header: string }) => stripe.parseEvent(e.body, e.header);

  it('makes one succeeded event of a paid invoice, named by the invoice', async () => {
    const started = await stripe.startPayment(order(await customer()));
    const events = fake.settle(started.paymentRef, 'paid');
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
    const parsed = events.map(parse);
    expect(parsed.slice(0, 2)).toEqual([null, null]);
    expect(parsed[2]).toEqual({
      id: JSON.parse(events[2]!.body.toString()).id,
      provider: 'stripe',
      type: 'payment.succeeded',
      paymentRef: started.paymentRef,
      occurredAt: expect.any(Date),
      paymentMethodLabel: null,
      failureCode: null,
      failureMessage: null,
    });
  });

  it('makes a processing event of a SEPA debit, named by its invoice', async () => {
    const started = await stripe.startPayment(order(await customer(), { method: 'sepa' }));
    const [processing] = fake.settle(started.paymentRef, 'processing');
    expect(parse(processing!)).toMatchObject({ type: 'payment.processing', paymentRef: started.paymentRef });
  });

  it('makes one failed event with the decline code and the card', async () => {
    const started = await stripe.startPayment(order(await customer()));
    const events = fake.settle(started.paymentRef, 'failed', {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    expect(parse(events[0]!)).toMatchObject({
      type: 'payment.failed',
      paymentRef: started.paymentRef,
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
      paymentMethodLabel: 'Visa •••• 4242',
    });
    expect(parse(events[1]!)).toBeNull();
  });

  it('names a SEPA failure sepa_debit_failed when Stripe gives no code', async () => {
    const started = await stripe.startPayment(order(await customer(), { method: 'sepa' }));
    fake.settle(started.paymentRef, 'processing');
    const [failed] = fake.settle(started.paymentRef, 'failed');
    expect(parse(failed!)).toMatchObject({
      type: 'payment.failed',
      failureCode: 'sepa_debit_failed',
      paymentMethodLabel: 'SEPA DE •••• 3000',
    });
  });

  it('ignores other types and payment intents it did not start', () => {
    expect(parse(fake.signEvent('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
    expect(parse(fake.signEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }))).toBeNull();
    const foreign = { id: 'pi_1', object: 'payment_intent', metadata: {}, payment_method_types: ['card'] };
    expect(parse(fake.signEvent('payment_intent.processing', foreign))).toBeNull();
    expect(parse(fake.signEvent('payment_intent.payment_failed', foreign))).toBeNull();
  });

  it('refuses a missing or bad signature, a tampered body and an old timestamp', () => {
    const event = fake.signEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect(() => stripe.parseEvent(event.body, undefined)).toThrow(SignatureError);
    expect(() => stripe.parseEvent(event.body, 't=1,v1=00')).toThrow(SignatureError);
    const tampered = Buffer.from(event.body.toString().replace('in_1', 'in_2'));
    expect(() => stripe.parseEvent(tampered, event.header)).toThrow(SignatureError);
    const old = fake.signEvent(
      'invoice.paid',
      { id: 'in_1', object: 'invoice' },
      {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      },
    );
    expect(() => stripe.parseEvent(old.body, old.header)).toThrow(SignatureError);
    expect(stripe.parseEvent(event.body, event.header)).toMatchObject({ paymentRef: 'in_1' });
  });
});

describe('every write', () => {
  it("carried an idempotency key of ours (none of the SDK's own retry keys)", () => {
    expect(writes().length).toBeGreaterThan(20);
    for (const request of writes()) {
      expect(request.idempotencyKey, `${request.method} ${request.path}`).toMatch(
        /^(order-|customer-|cpn_.*-create$|pet_portal_gps_tracker-create$|end-)/,
      );
    }
  });
});
