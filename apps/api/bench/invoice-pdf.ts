// The invoice's PDF (run.ts, scenario `pdf`, after the emergency file and its one-line baseline): an order
// with every line (plan, GPS tracker, coupon discount, proration credit), rendered warm in en and de.
import { brandConfig } from '@pet/shared';
import type { PaidOrder } from '../src/modules/billing/invoices/invoice-lines.ts';
import { renderInvoicePdf } from '../src/modules/billing/invoices/invoice-pdf.ts';
import { sellerOf } from '../src/modules/billing/invoices/invoice-seller.ts';
import { measure, type PdfRenderResult } from './emergency-pdf.ts';

function order(language: 'en' | 'de'): PaidOrder {
  const paidAt = new Date('2026-03-01T23:30:00Z');
  return {
    id: 'bench-order',
    number: 100001,
    userId: 'bench-user',
    partnerId: 'petention',
    productId: 'bench-product',
    productName: 'Premium',
    priceId: 'price_bench_yearly',
    payType: 'yearly',
    orderType: 'upgrade',
    paymentMethod: 'card',
    paymentMethodLabel: 'Visa •••• 4242',
    status: 'paid',
    planCents: 5999,
    trackerCents: 2900,
    optionalServiceCents: 0,
    optionalServiceName: null,
    discountCents: 600,
    prorationCreditCents: 1234,
    totalCents: 7065,
    vatRateBasisPoints: 1900,
    couponId: null,
    couponCode: 'WELCOME10',
    activationCode: null,
    provider: 'sandbox',
    paymentRef: 'pi_bench',
    subscriptionRef: null,
    billingAddress: {
      name: 'Zofia Łukasiewicz-Müller',
      email: 'zofia@example.test',
      street: 'Straße der Jüdischen Gemeinde 12',
      zipcode: '01067',
      city: 'Dresden',
      country: 'DE',
      phone: '+49 351 123456',
    },
    language,
    failureCode: null,
    paidAt,
    periodStart: paidAt,
    periodEnd: new Date('2027-03-01T23:30:00Z'),
    invoiceYear: 2026,
    invoiceSequence: 1,
    invoiceNumber: 'PE-2026-00001',
    confirmationMailedAt: null,
    createdAt: paidAt,
    updatedAt: paidAt,
  };
}

export async function benchInvoicePdf(): Promise<PdfRenderResult[]> {
  const options = { brand: brandConfig('petention'), seller: sellerOf('petention') };
  return [
    await measure('invoice, en (four lines)', () => renderInvoicePdf(order('en'), options)),
    await measure('invoice, de (four lines)', () => renderInvoicePdf(order('de'), options)),
  ];
}
