import type { Tx } from '../../../db/client.ts';
import { BUSINESS_TIME_ZONE } from '../../../lib/business-day.ts';
import { instantToZoned } from '../../../lib/zoned-time.ts';
import { nextInvoiceSequence } from './invoice-orders.repo.ts';

// The invoice number a payment takes: the partner's prefix, the year (Berlin's) and the next of the partner's
// gapless sequence for that year, taken in the paying transaction (a first order's payment and a renewal's).

/** The invoice number prefix per partner (brief agreement). */
const INVOICE_PREFIX: Record<string, string> = {
  petention: 'PE',
  'hunde-schutz': 'HS',
  'tier-fritz': 'TF',
  primepet: 'PP',
  'animal-care': 'AC',
};

export function invoiceNumber(partnerId: string, year: number, sequence: number): string {
  const prefix = INVOICE_PREFIX[partnerId] ?? partnerId.slice(0, 2).toUpperCase();
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** The invoice fields of a payment made now: the partner's next number of the year (Berlin's). */
export async function invoiceFields(tx: Tx, partnerId: string, paidAt: Date) {
  const year = Number(instantToZoned(paidAt, BUSINESS_TIME_ZONE).date.slice(0, 4));
  const sequence = await nextInvoiceSequence(tx, partnerId, year);
  return {
    paidAt,
    invoiceYear: year,
    invoiceSequence: sequence,
    invoiceNumber: invoiceNumber(partnerId, year, sequence),
  };
}
