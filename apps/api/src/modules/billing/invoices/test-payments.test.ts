import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { as } from '../../../../test/support/accounts.ts';
import { insertOrder } from '../../../../test/support/invoices.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import { type TestApp, useTestApp } from '../../../../test/support/test-app.ts';
import { QUEUES } from '../../../job-registry.ts';
import { orderConfirmationHandler } from './order-confirmation.ts';

// A production server that runs the payment sandbox on purpose (PAYMENT_PROVIDER=sandbox, issue 29): the
// public configuration tells the web to show its ribbon on every page, and every receipt says the payment
// was a test: the invoice PDF and the confirmation mail. Without it (the other test files), neither.

const PRODUCTION_SANDBOX = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  PAYMENT_PROVIDER: 'sandbox',
};

/** GET the order's invoice PDF as its buyer. */
const invoiceOf = (t: TestApp, user: { cookie: string; token: string }, orderId: string) =>
  t.app.inject({ method: 'GET', url: `${apiPaths.orderPdf}?id=${orderId}`, headers: as(user) });

describe('the sandbox on a production server', () => {
  const t = useTestApp({ env: PRODUCTION_SANDBOX });

  test('GET /v1/config says test payments, with the sandbox as the provider', async () => {
    const config = await t.app.inject({ method: 'GET', url: apiPaths.config });
    expect(config.json()).toMatchObject({ payments: { provider: 'sandbox' }, test_payments: true });
  });

  test('the invoice and the confirmation mail say the payment was a test, in the order’s language', async () => {
    const user = await t.user({ language: 'de' });
    const order = await insertOrder(t, user, { language: 'de' });
    const invoice = await invoiceOf(t, user, order.id);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('TESTZAHLUNG: Es wurde kein Geld abgebucht. Dieses Dokument ist keine gültige');

    const to = order.billingAddress.email || user.email;
    const job = { id: 'job-1', name: QUEUES.orderConfirmation, data: { orderId: order.id } } as never;
    await orderConfirmationHandler(t.app.ctx)(job);
    const mail = await t.sink.waitFor(sentTo(to));
    expect(mail.text).toContain('Testzahlung: Dieses Portal nutzt die Zahlungs-Sandbox.');
    expect(await pdfText(mail.attachments[0]!.content)).toContain('TESTZAHLUNG');
  });
});

describe('the sandbox outside production (npm start)', () => {
  const t = useTestApp();

  test('no ribbon and no test line on the receipts', async () => {
    const config = await t.app.inject({ method: 'GET', url: apiPaths.config });
    expect(config.json()).toMatchObject({ test_payments: false });
    const user = await t.user({ language: 'en' });
    const order = await insertOrder(t, user, { language: 'en' });
    const invoice = await invoiceOf(t, user, order.id);
    const text = await pdfText(invoice.rawPayload, { layout: true });
    expect(text).toContain(`Invoice number ${order.invoiceNumber}`);
    expect(text).not.toContain('TEST PAYMENT');
  });
});
