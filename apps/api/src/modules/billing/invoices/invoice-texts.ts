import type { Language } from '@pet/shared';
import { fillPlaceholders } from '../../../lib/placeholders.ts';
import de from './invoice-locales/de.json' with { type: 'json' };
import en from './invoice-locales/en.json' with { type: 'json' };

// The invoice's texts in English and German, with {{name}} placeholders like the mails' (mail/i18n.ts) and
// the emergency file's. Plain text: pdfkit prints it as given.

export type InvoiceTextKey = keyof typeof en;
export const INVOICE_LOCALES: Record<Language, Record<InvoiceTextKey, string>> = { en, de };

export type InvoiceText = (key: InvoiceTextKey, values?: Record<string, string | number>) => string;

export function invoiceTexts(language: Language): InvoiceText {
  const table = INVOICE_LOCALES[language];
  return (key, values) => fillPlaceholders(table[key], values);
}

/** The file name of an invoice: Invoice-PE-2026-00001.pdf / Rechnung-PE-2026-00001.pdf. */
export function invoiceFileName(language: Language, invoiceNumber: string): string {
  return invoiceTexts(language)('fileName', { number: invoiceNumber });
}
