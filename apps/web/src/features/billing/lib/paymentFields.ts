// The sandbox's own card and IBAN fields check what Stripe Elements checks in the browser, answering
// Elements' codes (incomplete_number, invalid_number, ...) so one mapping (textKeyForPaymentCode) serves
// both providers.

import { ibanChecksumValid, passesLuhn, SEPA_IBAN_LENGTHS } from '@pet/shared/payment-instruments';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** MM/YY as month and four-digit year, or null while incomplete. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** The first problem of the card fields as Elements' code, or null. */
export function cardErrorCode(card: CardInput, now: Date = new Date()): string | null {
  const number = digitsOf(card.number);
  const amex = /^3[47]/.test(number);
  if (number.length < (amex ? 15 : 16)) return 'incomplete_number';
  if (!passesLuhn(number)) return 'invalid_number';
  const expiry = parseExpiry(card.expiry);
  if (!expiry || expiry.month < 1 || expiry.month > 12) return 'incomplete_expiry';
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) {
    return 'invalid_expiry_year_past';
  }
  if (digitsOf(card.cvc).length < (amex ? 4 : 3)) return 'incomplete_cvc';
  return null;
}

/** The first problem of the IBAN as Elements' code, or null. */
export function ibanErrorCode(value: string): string | null {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (iban.length < 2) return 'incomplete_iban';
  if (!/^[A-Z]{2}/.test(iban)) return 'invalid_iban_start';
  const length = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'invalid_iban_country_code';
  if (iban.length < length) return 'incomplete_iban';
  if (iban.length > length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || !ibanChecksumValid(iban))
    return 'invalid_iban';
  return null;
}

/** "4242424242424242" → "4242 4242 4242 4242" as the user types. */
export function groupCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34" as the user types. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
