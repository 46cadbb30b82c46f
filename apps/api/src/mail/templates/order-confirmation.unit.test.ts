import { expect, test } from 'vitest';
import { orderConfirmationMail } from './order-confirmation.ts';

// The order confirmation in English (the API test reads the German one, with its attachment, from the sink).

const input = {
  to: 'buyer@example.test',
  name: '<b>Ann</b>',
  language: 'en' as const,
  brand: 'Petention',
  orderNumber: '100001',
  invoiceNumber: 'PE-2026-00001',
  invoiceDate: '02.03.2026',
  plan: 'Premium, yearly plan',
  total: '59,99 €',
  period: 'Service period: 02.03.2026 – 02.03.2027',
  invoice: {
    filename: 'Invoice-PE-2026-00001.pdf',
    content: Buffer.from('%PDF-'),
    contentType: 'application/pdf',
  },
  url: 'http://localhost:3000/my-account/bills',
};

test('English: order and invoice numbers in the subject, the amounts and the period, the invoice attached', () => {
  const mail = orderConfirmationMail(input);
  expect(mail.subject).toBe('Petention: your order 100001 and invoice PE-2026-00001');
  expect(mail.text).toContain('Hello <b>Ann</b>,');
  expect(mail.text).toContain('We have received your payment for Premium, yearly plan.');
  expect(mail.text).toContain('Amount paid: 59,99 € (invoice PE-2026-00001 of 02.03.2026)');
  expect(mail.text).toContain('Service period: 02.03.2026 – 02.03.2027');
  expect(mail.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
  expect(mail.html).not.toContain('<b>Ann</b>');
  expect(mail.attachments).toEqual([input.invoice]);
  expect(mail.link).toBe('http://localhost:3000/my-account/bills');
});

test('without a period the line is left out', () => {
  expect(orderConfirmationMail({ ...input, period: null }).text).not.toContain('Service period');
});
