import { paymentMethodResponseSchema } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../../test/support/accounts.ts';
import { buyPlan, deliverSandboxEvents } from '../../../../test/support/billing.ts';
import {
  cardForm,
  nextYear,
  returnUrls,
  startUpdate,
  submitSetupForm,
  updatePayment,
} from '../../../../test/support/payment-method.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { sandboxPaymentIntents, subscriptions } from '../../../db/schema/index.ts';

// The saved payment method with the sandbox provider: read it, and replace it through the sandbox's own
// setup checkout page (a plain form), whose completion comes back as a signed event through the webhook.

const t = useTestApp({ env: { RATE_LIMIT_SCALE: '10' } });

beforeAll(async () => {
  await deliverSandboxEvents(t);
});

const readMethod = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: apiPaths.paymentMethod, headers: as(user) });

const pathOf = (url: string) => new URL(url).pathname;

async function subscriptionOf(user: TestUser) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  return row;
}

/** Waits for the delivered event to save `ref` (events arrive through a job). */
async function methodSaved(user: TestUser, ref: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await subscriptionOf(user);
    if (row?.paymentMethodRef === ref) return row;
    if (Date.now() > until) throw new Error(`payment_method_ref is ${row?.paymentMethodRef}, not ${ref}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET payment_method', () => {
  test('204 without a saved method', async () => {
    const user = await t.user();
    expect((await readMethod(user)).statusCode).toBe(204);
  });

  test('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.paymentMethod })).statusCode).toBe(401);
  });
});

describe('POST update_payment', () => {
  test('409 No_Paid_Subscription_Text without a billing customer', async () => {
    const user = await t.user({ plan: 'premium' });
    const response = await updatePayment(t, user);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'No_Paid_Subscription_Text' });
  });

  test.each([
    ['another origin', 'https://evil.example', paths.paymentUpdateSuccessful, ['success_url']],
    ['another path', '', '/dashboard', ['success_url']],
  ])('400 for %s', async (_name, origin, path, fields) => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const base = origin || t.env.PUBLIC_URL;
    const response = await updatePayment(t, user, { ...returnUrls(t), success_url: `${base}${path}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(fields);
  });

  test('400 when the cancel URL is not the failed page', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const response = await updatePayment(t, user, {
      ...returnUrls(t),
      cancel_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateSuccessful}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ cancel_url: 'Invalid_Value_Error' });
  });
});

describe('the sandbox setup checkout', () => {
  test('the page: a form without script, the test numbers, under a CSP that lets it return home', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const session = await startUpdate(t, user);
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toBe(`${new URL(t.env.PUBLIC_URL).origin}${apiPaths.sandboxCheckout}/${session.id}`);
    const page = await t.app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`action="${apiPaths.sandboxCheckout}/${session.id}"`);
    expect(page.body).toContain('4000 0000 0000 0341');
    expect(page.body).toContain('Update your payment method');
    expect(page.body).not.toContain('<script');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`form-action 'self' ${new URL(t.env.PUBLIC_URL).origin}`);
  });

  test('in German for a German user', async () => {
    const user = await t.user({ language: 'de' });
    await buyPlan(t, user, 'premium');
    const page = await t.app.inject({ method: 'GET', url: pathOf((await startUpdate(t, user)).url) });
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Zahlungsmethode ändern');
  });

  test('4242 saves pm_card_visa: the event arrives, GET payment_method shows Visa 4242', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const session = await startUpdate(t, user);
    const posted = await submitSetupForm(t, session.url, cardForm('4242 4242 4242 4242'));
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(returnUrls(t).success_url);
    const row = await methodSaved(user, 'pm_card_visa');
    expect(row).toMatchObject({ paymentMethod: 'card', paymentMethodLabel: 'Visa •••• 4242' });
    const read = await readMethod(user);
    expect(read.statusCode).toBe(200);
    expect(paymentMethodResponseSchema.parse(read.json())).toEqual({
      type: 'card',
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: Number(nextYear()),
      country: null,
    });
    // The session is over: the form answers 409 and saves nothing more.
    const again = await submitSetupForm(t, session.url, cardForm('5555555555554444'));
    expect(again.statusCode).toBe(409);
  });

  test('0341 saves pm_card_chargeCustomerFail (it fails only when charged)', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const posted = await submitSetupForm(t, (await startUpdate(t, user)).url, cardForm('4000000000000341'));
    expect(posted.statusCode).toBe(303);
    const row = await methodSaved(user, 'pm_card_chargeCustomerFail');
    expect(row.paymentMethodLabel).toBe('Visa •••• 0341');
    expect((await readMethod(user)).json()).toMatchObject({ type: 'card', brand: 'Visa', last4: '0341' });
  });

  test('a test IBAN saves a SEPA method', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const posted = await submitSetupForm(t, (await startUpdate(t, user)).url, {
      action: 'sepa',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(posted.statusCode).toBe(303);
    const row = await methodSaved(user, 'pm_sepa_debit_de');
    expect(row).toMatchObject({ paymentMethod: 'sepa', paymentMethodLabel: 'SEPA DE •••• 3000' });
    expect((await readMethod(user)).json()).toEqual({
      type: 'sepa',
      brand: null,
      last4: '3000',
      exp_month: null,
      exp_year: null,
      country: 'DE',
    });
  });

  test.each([
    [cardForm('4242 4242 4242 4241'), 'The card number is invalid.'],
    [{ ...cardForm('4242424242424242'), exp_year: '2001' }, 'The card has expired.'],
    [cardForm('4000000000000002'), 'The card was declined.'],
    [cardForm('4000002500003155'), 'Only the test numbers below can be saved'],
    [{ action: 'sepa', iban: 'DE89 3704' }, 'The IBAN is incomplete.'],
    [{ action: 'sepa', iban: 'DE02120300000000202051' }, 'Only the test numbers below can be saved'],
  ])('refused and shown again: %#', async (fields, message) => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const session = await startUpdate(t, user);
    const posted = await submitSetupForm(t, session.url, fields);
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain(message);
    const [row] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, session.id));
    expect(row?.status).toBe('requires_payment_method');
    // The form still works with a test card.
    expect((await submitSetupForm(t, session.url, cardForm('4242424242424242'))).statusCode).toBe(303);
  });

  test('cancel returns to the failed page and saves nothing', async () => {
    const user = await t.user();
    await buyPlan(t, user, 'premium');
    const before = await subscriptionOf(user);
    const session = await startUpdate(t, user);
    const posted = await submitSetupForm(t, session.url, { action: 'cancel' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(returnUrls(t).cancel_url);
    expect((await subscriptionOf(user))?.paymentMethodRef).toBe(before?.paymentMethodRef);
    const page = await t.app.inject({ method: 'GET', url: pathOf(session.url) });
    expect(page.body).toContain('This checkout is no longer open.');
  });

  test('an unknown session, or a payment intent, has no page', async () => {
    const user = await t.user();
    const order = await buyPlan(t, user, 'premium');
    for (const id of ['cs_unknown', order.paymentRef ?? 'pi_none']) {
      const page = await t.app.inject({ method: 'GET', url: `${apiPaths.sandboxCheckout}/${id}` });
      expect(page.statusCode).toBe(404);
    }
  });
});
