// The sandbox's own card and IBAN fields check what Stripe Elements checks in the browser, with the very
// check the sandbox provider makes (packages/shared/payment-instruments.ts), answering Elements' codes
// (incomplete_number, invalid_number, ...) so one mapping (textKeyForPaymentCode) serves both providers.

import { type CardDetails, cardErrorCode } from '@pet/shared/payment-instruments';
import { textKeyForPaymentCode } from '@pet/shared/text-key-for-error';

/** The card fields as typed: the expiry as "MM/YY". */
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

/** The card as the sandbox confirmation sends it (an incomplete expiry as zeros). */
export function cardDetailsOf(card: CardInput): CardDetails {
  const expiry = parseExpiry(card.expiry);
  return {
    number: card.number.replace(/\s/g, ''),
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: card.cvc,
  };
}

/** The first problem of the card fields as Elements' code, or null. */
export function cardFieldsErrorCode(card: CardInput, now: Date = new Date()): string | null {
  return cardErrorCode(cardDetailsOf(card), now);
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

/**
 * The text a card or IBAN field shows for an Elements code: the catalogue's key where the spec names one,
 * a text of our own for an invalid IBAN (the catalogue has none), a general one for any other code.
 */
export function paymentFieldTextKey(
  code: string,
):
  | `errors:${NonNullable<ReturnType<typeof textKeyForPaymentCode>>}`
  | 'billing:payment.invalidIban'
  | 'billing:payment.invalidField' {
  const key = textKeyForPaymentCode(code);
  if (key) return `errors:${key}`;
  return code === 'invalid_iban' ? 'billing:payment.invalidIban' : 'billing:payment.invalidField';
}
