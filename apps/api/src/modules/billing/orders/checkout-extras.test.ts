import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeRequestResponseSchema, myOrdersResponseSchema, pricesResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test, vi } from 'vitest';
import { as, quickUser, type TestUser } from '../../../../test/support/accounts.ts';
import {
  changeRequest,
  confirm,
  intentEvent,
  orderBody,
  orderRow,
  paidOrder,
  piOf,
  placeOrder,
  postEvent,
  sepa,
  TEST_WEBHOOK_SECRET,
} from '../../../../test/support/billing.ts';
import { useFakeStripe } from '../../../../test/support/fake-stripe.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';
import { issueCode, issueTrackers, productOf } from '../../../../test/support/plans.ts';
import { type TestApp, useTestApp } from '../../../../test/support/test-app.ts';

// What the checkout adds or credits besides the plan (issue 34): the proration credits only the paid term the
// user is on; the GPS tracker is charged only to a user without one (or who asks for another); the brand's
// optional service (spec 2 section 9) is its own line in the prices, the order and the invoice.

async function prices(t: TestApp, user: TestUser, key: string, body: Record<string, unknown> = {}) {
  const product = await productOf(t.database, t.env.BRAND, key);
  return t.app.inject({
    method: 'POST',
    url: apiPaths.subscriptionPrices,
    headers: as(user, 'bearer'),
    payload: { product_id: product.id, pay_type: 'yearly', ...body },
  });
}

async function quote(t: TestApp, user: TestUser, key: string, body: Record<string, unknown> = {}) {
  const response = await prices(t, user, key, body);
  expect(response.statusCode, response.body).toBe(200);
  return pricesResponseSchema.parse(response.json());
}

describe('proration credits only a paid, active term the user is on', () => {
  // SEPA debits stay processing for the whole test: the order is in progress, nothing is paid.
  const t = useTestApp({
    env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, SANDBOX_SEPA_SETTLE_MS: '600000' },
  });

  test('a free user whose Basic yearly SEPA order is in progress pays Premium in full, without a credit', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic', { pay_type: 'yearly', payment_method: 'sepa' });
    const confirmed = await confirm(t, placed.secret, sepa('DE89370400440532013000'));
    expect(confirmed.body.paymentIntent?.status).toBe('processing');
    await postEvent(t, intentEvent(piOf(placed.secret), 'payment_intent.processing'));
    expect((await orderRow(t, placed.order_id)).status).toBe('processing');

    const premium = await quote(t, user, 'premium');
    expect(premium).toMatchObject({
      proration: 0,
      proration_cents: 0,
      proration_days_left: 0,
      total_cents: premium.other_price_cents,
      order_placed: (await productOf(t.database, 'petention', 'basic')).id,
    });
  });

  test('a paid term a code replaced (gift) is not credited: the user is no longer on it', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'basic', { pay_type: 'yearly' });
    expect((await quote(t, user, 'premium')).proration_cents).toBeLessThan(0);
    const code = await issueCode(t.database, { type: 'gift', product: 'premium', months: 12 });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/v1/subscription/change/apply',
      headers: as(user, 'bearer'),
      payload: { activation_code: code },
    });
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    const premiumGps = await quote(t, user, 'premium-gps');
    expect(premiumGps).toMatchObject({ proration_cents: 0, proration_days_left: 0 });
    expect(premiumGps.total_cents).toBe(premiumGps.other_price_cents + premiumGps.tracker_price_cents);
  });
});

describe('tier-fritz: the GPS tracker is charged only without a registered one', () => {
  const t = useTestApp({ brand: 'tier-fritz', env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

  test('a user with a registered tracker: no tracker price, said so; asking for another one charges it', async () => {
    const [tracker] = await issueTrackers(t.database, 1);
    // tier-fritz signs up with an activation code and the tracker's id (spec 1).
    const code = await issueCode(t.database, { brand: 'tier-fritz', product: 'basis-1' });
    const user = await quickUser(t, { activation_code: code, tracker_ids: [tracker!] });
    const basis = await quote(t, user, 'basis-12');
    expect(basis).toMatchObject({ tracker_price: 0, tracker_price_cents: 0, tracker_registered: true });
    expect(basis.total_cents).toBe(basis.other_price_cents);

    const another = await quote(t, user, 'basis-12', { another_tracker: true });
    expect(another).toMatchObject({ tracker_price: 59, tracker_price_cents: 5900 });
    expect(another.total_cents).toBe(another.other_price_cents + 5900);

    // The order charges what the quote showed: no device without the box.
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.changeRequest,
      headers: as(user, 'bearer'),
      payload: await orderBody(t, 'basis-12', { pay_type: 'yearly', email: user.email }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = changeRequestResponseSchema.parse(response.json());
    expect(placed.amount_cents).toBe(basis.total_cents);
    expect((await orderRow(t, placed.order_id)).trackerCents).toBe(0);
  });

  test('a user without a tracker pays the device once; a tracker on a plan without GPS is refused', async () => {
    const user = await t.user();
    expect(await quote(t, user, 'basis-12')).toMatchObject({
      tracker_price_cents: 5900,
      tracker_registered: false,
    });
    const free = await prices(t, user, 'free', { pay_type: 'monthly', another_tracker: true });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ fields: { another_tracker: 'Invalid_Value_Error' } });
  });

  test('no optional service configured for tier-fritz: none offered, and choosing one is refused', async () => {
    const user = await t.user();
    const q = await quote(t, user, 'basis-12');
    expect(q).toMatchObject({ optional_service: null, optional_service_price_cents: 0 });
    const refused = await prices(t, user, 'basis-12', { optional_service: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { optional_service: 'Invalid_Value_Error' } });
  });
});

describe("the brand's optional service: a line in the prices, the order and the invoice", () => {
  const t = useTestApp({ env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

  test('offered with its texts; chosen, it is added once, stored on the order and printed on the invoice', async () => {
    const user = await t.user({ language: 'de' });
    const plain = await quote(t, user, 'premium');
    expect(plain.optional_service).toEqual({
      key: 'personal-setup',
      name: { en: 'Personal setup service', de: 'Persönlicher Einrichtungsservice' },
      text: expect.objectContaining({ en: expect.any(String), de: expect.any(String) }),
      price: 29,
      price_cents: 2900,
    });
    expect(plain.optional_service_price_cents).toBe(0);

    const chosen = await quote(t, user, 'premium', { optional_service: true });
    expect(chosen).toMatchObject({ optional_service_price: 29, optional_service_price_cents: 2900 });
    expect(chosen.total_cents).toBe(plain.total_cents + 2900);

    const order = await paidOrder(t, user, 'premium', { pay_type: 'yearly', optional_service: true });
    expect(order).toMatchObject({
      optionalServiceCents: 2900,
      optionalServiceName: 'Persönlicher Einrichtungsservice',
      totalCents: chosen.total_cents,
    });
    const list = await t.app.inject({ method: 'GET', url: apiPaths.myOrders, headers: as(user) });
    const [listed] = myOrdersResponseSchema.parse(list.json()).data;
    expect(listed?.optional_service).toEqual({
      name: 'Persönlicher Einrichtungsservice',
      amount: 29,
      amount_eur_formatted: '29,00 €',
    });

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderPdf}?id=${order.id}`,
      headers: as(user),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload, { layout: true });
    expect(text).toMatch(/Persönlicher Einrichtungsservice\s+29,00 €/);
  });

  test('an order without the box has no such line', async () => {
    const user = await t.user();
    const order = await paidOrder(t, user, 'basic', { pay_type: 'yearly' });
    expect(order).toMatchObject({ optionalServiceCents: 0, optionalServiceName: null });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderPdf}?id=${order.id}`,
      headers: as(user),
    });
    expect(await pdfText(pdf.rawPayload)).not.toContain('Personal setup service');
  });
});

describe('the optional service at Stripe', () => {
  const stripe = useFakeStripe();
  const t = useTestApp({ env: stripe.env });

  test('is a one-time line of the first invoice, so Stripe charges exactly our total', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium', {
      pay_type: 'yearly',
      email: user.email,
      optional_service: true,
    });
    const premium = await productOf(t.database, 'petention', 'premium');
    expect(placed.amount_cents).toBe(Math.round(Number(premium.yearlyPrice) * 100) + 2900);
    const product = stripe.fake.objects.get('pet_portal_service_personal-setup');
    expect(product).toMatchObject({ object: 'product', name: 'Personal setup service' });
  });
});

describe('an order the provider could not start', () => {
  const t = useTestApp();

  test('answers 503 Order_Not_Placed and withdraws the order, so the next attempt is not blocked', async () => {
    const user = await t.user();
    const spy = vi
      .spyOn(t.app.ctx.payments, 'startPayment')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const response = await changeRequest(t, user, await orderBody(t, 'premium', { pay_type: 'yearly' }));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Order_Not_Placed' });
    } finally {
      spy.mockRestore();
    }
    const again = await placeOrder(t, user, 'premium', { pay_type: 'yearly' });
    expect((await orderRow(t, again.order_id)).status).toBe('pending');
  });
});

describe('OPTIONAL_SERVICE_FILE replaces the brand’s optional service', () => {
  const file = join(tmpdir(), `optional-service-${process.pid}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      optional_service: {
        key: 'tracker-setup',
        name: { en: 'Tracker setup', de: 'Tracker-Einrichtung' },
        text: { en: 'We set up your tracker.', de: 'Wir richten Ihren Tracker ein.' },
        price: 29,
      },
    }),
  );
  const t = useTestApp({ brand: 'tier-fritz', env: { OPTIONAL_SERVICE_FILE: file } });

  test('the operator’s service is offered on a brand that ships none', async () => {
    const user = await t.user();
    const q = await quote(t, user, 'basis-12', { optional_service: true });
    expect(q.optional_service?.name.de).toBe('Tracker-Einrichtung');
    expect(q.optional_service_price_cents).toBe(2900);
  });
});
