import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { as } from '../../../../test/support/accounts.ts';
import { insertOrder, storedOrder } from '../../../../test/support/invoices.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';
import { sleep, startJobWorker } from '../../../../test/support/reminders.ts';
import { sentTo } from '../../../../test/support/smtp-sink.ts';
import { type TestApp, useTestApp } from '../../../../test/support/test-app.ts';
import { buildApp } from '../../../app.ts';
import { JOBS, jobHandlers, QUEUES } from '../../../job-registry.ts';
import { createMailer, type Mailer } from '../../../mail/mailer.ts';
import { orderConfirmationHandler } from './order-confirmation.ts';

// The invoice of a paid order (GET /v1/order/orderpdfweb) and the order confirmation mail with it attached
// (the `billing.order-confirmation` worker). Orders are written straight into the database as the payment
// event handler leaves them (test/support/invoices.ts); the PDF's text is read back with pdftotext.

const t = useTestApp();
/** Labels and their amounts are read row by row. */
const ROWS = { layout: true };

const getInvoice = (app: TestApp, user: { cookie: string; token: string } | null, id: string) =>
  app.app.inject({ method: 'GET', url: `${apiPaths.orderPdf}?id=${id}`, headers: user ? as(user) : {} });

/** A buyer whose name and address need the embedded font (Polish letters, umlauts, ß). */
const BUYER = {
  name: 'Zofia Łukasiewicz-Müller',
  street: 'Straße der Jüdischen Gemeinde 12',
  zipcode: '01067',
  city: 'Dresden',
  country: 'DE',
  phone: '+49 351 123456',
};

describe('GET /v1/order/orderpdfweb', () => {
  test('prints an English invoice: seller, buyer, numbers, Berlin dates, period, every line, VAT, total', async () => {
    const user = await t.user({ language: 'en' });
    const order = await insertOrder(t, user, {
      billingAddress: { ...BUYER, email: 'zofia@example.test' },
      planCents: 5999,
      trackerCents: 2900,
      discountCents: 600,
      couponCode: 'WELCOME10',
      prorationCreditCents: 1234,
      totalCents: 7065,
      // After 23:00 UTC: already the next day in Berlin.
      paidAt: new Date('2026-03-01T23:30:00Z'),
      periodStart: new Date('2026-03-01T23:30:00Z'),
      periodEnd: new Date('2027-03-01T23:30:00Z'),
    });
    const res = await getInvoice(t, user, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Invoice-${order.invoiceNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = await pdfText(res.rawPayload, ROWS);
    for (const expected of [
      // Seller (sellers/petention.json) and its legal details.
      'Petention GmbH',
      'Musterstraße 1',
      '10115 Berlin',
      'VAT ID: DE000000001',
      'Amtsgericht Berlin-Charlottenburg, HRB 000001',
      'Managing director: Max Mustermann',
      // Buyer.
      'Zofia Łukasiewicz-Müller',
      'Straße der Jüdischen Gemeinde 12',
      '01067 Dresden',
      'Germany',
      // Numbers and dates.
      `Invoice number ${order.invoiceNumber}`,
      'Invoice date 02.03.2026',
      `Order number ${order.number}`,
      'Invoice',
      `${order.productName}, yearly plan`,
      'Service period: 02.03.2026 – 01.03.2027',
      // Lines and total.
      `${order.productName} (yearly) 59,99 €`,
      'GPS tracker 29,00 €',
      'Discount (coupon WELCOME10) -6,00 €',
      'Credit for the unused time of your previous plan -12,34 €',
      'Total 70,65 €',
      // 70,65 € / 1,19 = 59,37 € net; 11,28 € VAT.
      'Included VAT (19%) 11,28 €',
      'Net amount 59,37 €',
      'Payment method: Visa •••• 4242',
      'Paid on 02.03.2026',
      'PAID',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('prints a German invoice with another VAT rate, without the lines the order lacks', async () => {
    const user = await t.user({ language: 'de' });
    const order = await insertOrder(t, user, {
      billingAddress: { ...BUYER, name: 'Jürgen Größe-Ęłk', email: 'juergen@example.test' },
      language: 'de',
      payType: 'monthly',
      paymentMethod: 'sepa',
      paymentMethodLabel: null,
      planCents: 2999,
      totalCents: 2999,
      vatRateBasisPoints: 700,
      paidAt: new Date('2026-07-15T10:00:00Z'),
      periodStart: new Date('2026-07-15T10:00:00Z'),
      periodEnd: new Date('2026-08-15T10:00:00Z'),
    });
    const res = await getInvoice(t, user, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="Rechnung-${order.invoiceNumber}.pdf"`);
    const text = await pdfText(res.rawPayload, ROWS);
    for (const expected of [
      'Petention GmbH',
      'USt-IdNr.: DE000000001',
      'Geschäftsführung: Max Mustermann',
      'Jürgen Größe-Ęłk',
      'Deutschland',
      `Rechnungsnummer ${order.invoiceNumber}`,
      'Rechnungsdatum 15.07.2026',
      `Bestellnummer ${order.number}`,
      'Rechnung',
      'Leistungszeitraum: 15.07.2026 – 14.08.2026',
      `${order.productName} (monatlich) 29,99 €`,
      'Gesamtbetrag 29,99 €',
      // 29,99 € / 1,07 = 28,03 € net; 1,96 € VAT.
      'Enthaltene USt. (7 %) 1,96 €',
      'Nettobetrag 28,03 €',
      'Zahlungsart: SEPA-Lastschrift',
      'BEZAHLT',
    ]) {
      expect(text).toContain(expected);
    }
    for (const absent of ['GPS-Tracker', 'Rabatt', 'Gutschrift', 'Invoice'])
      expect(text).not.toContain(absent);
  });

  test('answers 404 alike for a foreign, a missing and an unpaid order; 401 without a session', async () => {
    const owner = await t.user();
    const other = await t.user();
    const paid = await insertOrder(t, owner);
    const pending = await insertOrder(t, owner, { status: 'pending' });
    const failed = await insertOrder(t, owner, { status: 'failed' });
    const answers = [
      await getInvoice(t, other, paid.id),
      await getInvoice(t, owner, 'a0000000-0000-4000-8000-000000000000'),
      await getInvoice(t, owner, pending.id),
      await getInvoice(t, owner, failed.id),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Order_Pdf_Failed' });
    }
    expect((await getInvoice(t, null, paid.id)).statusCode).toBe(401);
    expect((await getInvoice(t, owner, paid.id)).statusCode).toBe(200);
  });
});

describe('the order confirmation mail', () => {
  const confirmations = (address: string) =>
    t.sink.messages.filter((m) => sentTo(address)(m) && /order|Bestellung/.test(m.subject ?? ''));

  test('goes once to the billing address with the invoice attached, however often the job runs', async () => {
    const user = await t.user({ language: 'de', name: 'Konto Name' });
    const order = await insertOrder(t, user, {
      language: 'de',
      billingAddress: { ...BUYER, email: `billing-${user.id.slice(0, 8)}@example.test` },
    });
    const to = order.billingAddress.email;
    const handler = orderConfirmationHandler(t.app.ctx);
    const job = { id: 'job-1', name: QUEUES.orderConfirmation, data: { orderId: order.id } } as never;
    // Twice at once (a retry racing the first run), then once more (a replayed event).
    await Promise.all([handler(job), handler(job)]);
    await handler(job);
    const mail = await t.sink.waitFor(sentTo(to));
    await sleep(300);
    expect(confirmations(to)).toHaveLength(1);
    expect(confirmations(user.email)).toHaveLength(0);
    expect(mail.subject).toBe(
      `Petention: Ihre Bestellung ${order.number} und Rechnung ${order.invoiceNumber}`,
    );
    expect(mail.text).toContain('Hallo Zofia Łukasiewicz-Müller,');
    expect(mail.text).toContain('Bezahlter Betrag: 59,99 €');
    expect(mail.text).toContain('http://localhost:3000/my-account/bills');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe(`Rechnung-${order.invoiceNumber}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    const text = await pdfText(attachment!.content, ROWS);
    expect(text).toContain(`Rechnungsnummer ${order.invoiceNumber}`);
    expect(text).toContain('Gesamtbetrag 59,99 €');
    expect((await storedOrder(t, order.id)).confirmationMailedAt).not.toBeNull();
  });

  test('runs as the registered worker of billing.order-confirmation, in English, to the account without a billing e-mail', async () => {
    const user = await t.user({ language: 'en' });
    const order = await insertOrder(t, user, { billingAddress: { ...BUYER, email: ' ' } });
    const handler = jobHandlers(t.app)[QUEUES.orderConfirmation];
    expect(handler).toBeDefined();
    const worker = await startJobWorker(t.app, { [QUEUES.orderConfirmation]: handler });
    try {
      await t.app.ctx.jobs.send(JOBS.orderConfirmation, { orderId: order.id });
      await t.app.ctx.jobs.send(JOBS.orderConfirmation, { orderId: order.id });
      const mail = await t.sink.waitFor(sentTo(user.email), 15_000);
      await sleep(1_500);
      expect(confirmations(user.email)).toHaveLength(1);
      expect(mail.subject).toBe(`Petention: your order ${order.number} and invoice ${order.invoiceNumber}`);
      expect(mail.attachments[0]!.filename).toBe(`Invoice-${order.invoiceNumber}.pdf`);
    } finally {
      await worker.stop();
    }
  });

  test('a mail the SMTP server refuses releases the claim, so the retry sends it', async () => {
    const user = await t.user();
    const order = await insertOrder(t, user);
    // A second process on the same database whose mail server refuses the first message.
    const real = createMailer(t.env, t.app.log);
    let refused = 0;
    const mailer: Mailer = {
      async send(message) {
        if (refused === 0) {
          refused += 1;
          throw Object.assign(new Error('454 try again later'), { code: 'EENVELOPE' });
        }
        await real.send(message);
      },
      close: () => real.close(),
    };
    const other = await buildApp({ env: t.env, database: t.database, mailer, serveWeb: false });
    try {
      const handler = orderConfirmationHandler(other.ctx);
      const job = { data: { orderId: order.id } } as never;
      await expect(handler(job)).rejects.toThrow('454 try again later');
      expect((await storedOrder(t, order.id)).confirmationMailedAt).toBeNull();
      await handler(job);
      await t.sink.waitFor(sentTo(user.email));
      await handler(job);
      await sleep(300);
      expect(refused).toBe(1);
      expect(confirmations(user.email)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  test('is not sent for an order that is not paid', async () => {
    const user = await t.user();
    const order = await insertOrder(t, user, { status: 'processing' });
    await orderConfirmationHandler(t.app.ctx)({ data: { orderId: order.id } } as never);
    await sleep(300);
    expect(confirmations(user.email)).toHaveLength(0);
    expect((await storedOrder(t, order.id)).confirmationMailedAt).toBeNull();
  });
});

describe('with INVOICE_SELLER_FILE', () => {
  const file = join(tmpdir(), `invoice-seller-${process.pid}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      company: 'Tierwohl Vertriebs GmbH',
      address: ['Ölmühlenweg 7', '04109 Leipzig'],
      email: 'rechnung@tierwohl.example',
      website: 'https://tierwohl.example',
      vat_id: 'DE123456789',
      register: 'Amtsgericht Leipzig, HRB 4711',
      managing_director: 'Renée Škoda',
    }),
  );
  const custom = useTestApp({ env: { INVOICE_SELLER_FILE: file } });

  test('the operator’s seller replaces the brand’s placeholder', async () => {
    const user = await custom.user();
    const order = await insertOrder(custom, user);
    const text = await pdfText((await getInvoice(custom, user, order.id)).rawPayload, ROWS);
    for (const expected of [
      'Tierwohl Vertriebs GmbH',
      'Ölmühlenweg 7',
      'VAT ID: DE123456789',
      'Renée Škoda',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Petention GmbH');
  });
});
