import { formatEuro, isoToDisplayDate, type Language, termLastDay } from '@pet/shared';
import type { orders } from '../../../db/schema/billing.ts';
import { businessDisplayDay } from '../../../lib/business-day.ts';
import { type InvoiceText, invoiceTexts } from './invoice-texts.ts';

// What an invoice says, worked out from the paid order alone (the order keeps every amount as it was paid;
// the catalogue may have changed since): its dates, amount lines and the VAT included in the total. The PDF
// (invoice-pdf.ts) and the confirmation mail print these.

export type PaidOrder = typeof orders.$inferSelect;

/** dd.MM.yyyy of an instant: invoices are German, their dates are Berlin's calendar days. */
export const invoiceDate = businessDisplayDay;

/**
 * The VAT included in a gross total: net = round(total / (1 + rate)), VAT = total − net, in cents. Integer
 * arithmetic up to the one division, so 19 % of 29,99 € is always 4,79 €.
 */
export function vatIncluded(totalCents: number, basisPoints: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 10_000) / (10_000 + basisPoints));
  return { netCents, vatCents: totalCents - netCents };
}

/** 1900 → "19 %" (de) / "19%" (en); 750 → "7,5 %" / "7.5%". */
export function vatRateText(language: Language, basisPoints: number): string {
  const percent = (basisPoints / 100).toString();
  return language === 'de' ? `${percent.replace('.', ',')} %` : `${percent}%`;
}

export interface InvoiceLine {
  label: string;
  /** Formatted, with its sign: credits are negative. */
  amount: string;
}

export interface InvoiceContent {
  language: Language;
  t: InvoiceText;
  number: string;
  date: string;
  orderNumber: string;
  plan: string;
  /** "Service period: 01.03.2026 – 28.02.2027", or null when the order has no period. */
  period: string | null;
  lines: InvoiceLine[];
  total: string;
  vat: { label: string; amount: string };
  net: string;
  paymentMethod: string;
  paidOn: string;
}

export function orderLanguage(order: Pick<PaidOrder, 'language'>): Language {
  return order.language === 'de' ? 'de' : 'en';
}

export function invoiceContent(order: PaidOrder): InvoiceContent {
  if (!order.invoiceNumber || !order.paidAt) throw new Error(`order ${order.id} is not paid`);
  const language = orderLanguage(order);
  const t = invoiceTexts(language);
  const payType = t(order.payType === 'yearly' ? 'payType.yearly' : 'payType.monthly');
  const product = order.productName;
  const credit = (cents: number) => formatEuro(-cents);
  const lines: InvoiceLine[] = [
    { label: t('line.plan', { product, payType }), amount: formatEuro(order.planCents) },
  ];
  if (order.trackerCents > 0)
    lines.push({ label: t('line.tracker'), amount: formatEuro(order.trackerCents) });
  // The brand's optional service, by the name it was ordered under (spec 2 section 9).
  if (order.optionalServiceCents > 0 && order.optionalServiceName)
    lines.push({ label: order.optionalServiceName, amount: formatEuro(order.optionalServiceCents) });
  if (order.discountCents > 0) {
    lines.push({
      label: order.couponCode
        ? t('line.discount', { code: order.couponCode })
        : t('line.discountWithoutCode'),
      amount: credit(order.discountCents),
    });
  }
  if (order.prorationCreditCents > 0) {
    lines.push({ label: t('line.proration'), amount: credit(order.prorationCreditCents) });
  }
  const { netCents, vatCents } = vatIncluded(order.totalCents, order.vatRateBasisPoints);
  const date = invoiceDate(order.paidAt);
  return {
    language,
    t,
    number: order.invoiceNumber,
    date,
    orderNumber: String(order.number),
    plan: t('plan', { product, payType }),
    period:
      order.periodStart && order.periodEnd
        ? t('period', {
            start: invoiceDate(order.periodStart),
            // The term's last day (ADR 0011): the day before the next term's first day.
            end: isoToDisplayDate(termLastDay(Math.floor(order.periodEnd.getTime() / 1000))),
          })
        : null,
    lines,
    total: formatEuro(order.totalCents),
    vat: {
      label: t('vat.included', { rate: vatRateText(language, order.vatRateBasisPoints) }),
      amount: formatEuro(vatCents),
    },
    net: formatEuro(netCents),
    paymentMethod:
      order.paymentMethodLabel ?? t(order.paymentMethod === 'sepa' ? 'payment.sepa' : 'payment.card'),
    paidOn: t('paidOn', { date }),
  };
}
