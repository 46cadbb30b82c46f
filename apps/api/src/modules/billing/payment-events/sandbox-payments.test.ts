import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as } from '../../../../test/support/accounts.ts';
import {
  buyPlan,
  card,
  confirm,
  deliverSandboxEvents,
  orderReaches,
  orderRow,
  piOf,
  placeOrder,
  sepa,
} from '../../../../test/support/billing.ts';
import { capturedLog } from '../../../../test/support/log-capture.ts';
import { membershipRow } from '../../../../test/support/plans.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { sandboxPaymentIntents } from '../../../db/schema/index.ts';

// The sandbox provider through the API: Stripe's test cards and IBANs, 3-D Secure, SEPA settling, and the
// events it delivers to the webhook route.

const log = capturedLog();
const t = useTestApp({
  env: { SANDBOX_SEPA_SETTLE_MS: '300', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '10' },
  logStream: log.stream,
});

beforeAll(async () => {
  await deliverSandboxEvents(t);
});

describe('sandbox card payments', () => {
  test.each(['4242424242424242', '5555555555554444'])('%s succeeds and the order is paid', async (number) => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'premium');
    expect(placed).toMatchObject({ provider: 'sandbox', amount_cents: 499 });
    const result = await confirm(t, placed.secret, card(number));
    expect(result.body).toEqual({
      paymentIntent: { id: piOf(placed.secret), status: 'succeeded', next_action: null },
      error: null,
    });
    const paid = await orderReaches(t, placed.order_id, 'paid');
    const brand = number.startsWith('4') ? 'Visa' : 'Mastercard';
    expect(paid.paymentMethodLabel).toBe(`${brand} •••• ${number.slice(-4)}`);
    expect(paid.invoiceNumber).toMatch(/^PE-\d{4}-\d{5}$/);
    expect((await membershipRow(t.database, user.id))?.productAssociated).toBe(true);
  });

  test.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000069', 'expired_card', null],
    ['4000000000000127', 'incorrect_cvc', null],
    ['4000000000000119', 'processing_error', null],
    ['4000000000000077', 'card_declined', 'test_mode_live_card'],
  ])('%s is refused with %s / %s and the order fails', async (number, code, declineCode) => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic');
    const result = await confirm(t, placed.secret, card(number));
    expect(result.body.paymentIntent).toBeNull();
    expect(result.body.error).toMatchObject({ type: 'card_error', code, decline_code: declineCode });
    const failed = await orderReaches(t, placed.order_id, 'failed');
    expect(failed.failureCode).toBe(declineCode ?? code);
  });

  test.each([
    [card('4242 4242 4242'), 'incomplete_number'],
    [card('4242424242424241'), 'invalid_number'],
    [card('4242424242424242', { exp_month: 13 }), 'incomplete_expiry'],
    [card('4242424242424242', { exp_year: 2001 }), 'invalid_expiry_year_past'],
    [card('4242424242424242', { cvc: '12' }), 'incomplete_cvc'],
  ])('validation like Elements: %#', async (method, code) => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic');
    const result = await confirm(t, placed.secret, method);
    expect(result.body.error).toMatchObject({ type: 'validation_error', code });
    // Nothing happened at the intent: the right card still pays it.
    const retried = await confirm(t, placed.secret, card('4242424242424242'));
    expect(retried.body.paymentIntent?.status).toBe('succeeded');
  });

  test('a wrong client secret answers 404 like an unknown id', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic');
    const pi = piOf(placed.secret);
    const wrong = await confirm(t, `${pi}_secret_wrong`, card('4242424242424242'));
    const unknown = await confirm(t, 'pi_unknown_secret_x', card('4242424242424242'));
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
  });
});

describe('3-D Secure', () => {
  test.each(['4000002500003155', '4000002760003184'])(
    '%s: authenticate pays, fail refuses',
    async (number) => {
      for (const result of ['authenticate', 'fail'] as const) {
        const user = await t.user();
        const placed = await placeOrder(t, user, 'basic');
        const confirmed = await confirm(t, placed.secret, card(number));
        expect(confirmed.body.paymentIntent).toMatchObject({
          status: 'requires_action',
          next_action: { type: 'sandbox_challenge', challenge_id: expect.any(String) },
        });
        const answer = await t.app.inject({
          method: 'POST',
          url: `/v1/sandbox/payment_intents/${piOf(placed.secret)}/challenge`,
          payload: { client_secret: placed.secret, result },
        });
        expect(answer.statusCode).toBe(200);
        if (result === 'authenticate') {
          expect(answer.json().paymentIntent.status).toBe('succeeded');
          await orderReaches(t, placed.order_id, 'paid');
        } else {
          expect(answer.json().error).toMatchObject({ code: 'payment_intent_authentication_failure' });
          const [intent] = await t.database.db
            .select()
            .from(sandboxPaymentIntents)
            .where(eq(sandboxPaymentIntents.id, piOf(placed.secret)));
          expect(intent?.status).toBe('requires_payment_method');
          expect((await orderReaches(t, placed.order_id, 'failed')).failureCode).toBe(
            'payment_intent_authentication_failure',
          );
        }
      }
    },
  );
});

describe('SEPA direct debit', () => {
  test.each([
    ['DE89370400440532013000', 'paid'],
    ['AT611904300234573201', 'paid'],
    ['DE62370400440532013001', 'failed'],
    ['AT861904300235473202', 'failed'],
  ])('%s is processing, then %s after settling', async (iban, outcome) => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic', { payment_method: 'sepa' });
    const result = await confirm(t, placed.secret, sepa(iban));
    expect(result.body.paymentIntent?.status).toBe('processing');
    await orderReaches(t, placed.order_id, 'processing');
    const settled = await orderReaches(t, placed.order_id, outcome);
    if (outcome === 'paid')
      expect(settled.paymentMethodLabel).toBe(`SEPA ${iban.slice(0, 4)} •••• ${iban.slice(-4)}`);
    else expect(settled.failureCode).toBe('sepa_debit_failed');
  });

  test.each([
    ['DE8937', 'incomplete_iban'],
    ['1289370400440532013000', 'invalid_iban_start'],
    ['XX89370400440532013000', 'invalid_iban_country_code'],
    ['DE00370400440532013000', 'invalid_iban'],
  ])('%s is refused with %s', async (iban, code) => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic', { payment_method: 'sepa' });
    const result = await confirm(t, placed.secret, sepa(iban));
    expect(result.body.error).toMatchObject({ type: 'validation_error', code });
  });

  test('a real IBAN is refused in test mode', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic', { payment_method: 'sepa' });
    // A well-formed IBAN that is not one of Stripe's test IBANs.
    const result = await confirm(t, placed.secret, sepa('DE02120300000000202051'));
    expect(result.body.error).toMatchObject({ code: 'test_mode_live_card' });
  });
});

describe('what is kept', () => {
  test('no card number, CVC or IBAN in any table row or log line', async () => {
    log.clear();
    const user = await t.user();
    const cardNumber = '4000002500003155';
    const placed = await placeOrder(t, user, 'basic');
    await confirm(t, placed.secret, card(cardNumber, { cvc: '987' }));
    const sepaUser = await t.user();
    const sepaOrder = await placeOrder(t, sepaUser, 'basic', { payment_method: 'sepa' });
    await confirm(t, sepaOrder.secret, sepa('DE89370400440532013000'));
    await orderReaches(t, sepaOrder.order_id, 'paid');
    const dump = JSON.stringify(
      await Promise.all(
        [
          'orders',
          'sandbox_payment_intents',
          'subscriptions',
          'payment_events',
          'billing_customers',
          'pgboss.job',
        ].map((table) => t.database.db.execute(`select * from ${table}`)),
      ),
    );
    for (const secret of [cardNumber, '370400440532013000', '"987"']) {
      expect(dump).not.toContain(secret);
      expect(log.text()).not.toContain(secret);
    }
    expect(log.text()).not.toContain(sepaOrder.secret);
    await orderRow(t, placed.order_id);
  });

  test('the order list shows the label and the invoice link once paid', async () => {
    const user = await t.user();
    const paid = await buyPlan(t, user, 'basic');
    const response = await t.app.inject({ method: 'GET', url: '/v1/order/myorders', headers: as(user) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({
      id: paid.id,
      status: 'paid',
      payment_method_label: 'Visa •••• 4242',
      paid_amount: 2.99,
      paid_amount_eur_formatted: '2,99 €',
      invoice_url: `/v1/order/orderpdfweb?id=${paid.id}`,
    });
  });
});

describe('the sandbox routes are rate-limited per address', () => {
  const limited = useTestApp();
  test('the 31st confirmation within a minute answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/v1/sandbox/payment_intents/pi_unknown/confirm',
        payload: { client_secret: 'pi_unknown_secret_x', payment_method: card('4242424242424242') },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
