// The sandbox's own card and IBAN fields check what Stripe Elements checks in the browser, answering
// Elements' codes (incomplete_number, invalid_number, ...) so one mapping (textKeyForPaymentCode) serves
// both providers.

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
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

/** IBAN lengths of the SEPA countries the IBAN field accepts. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const value = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The first problem of the IBAN as Elements' code, or null. */
export function ibanErrorCode(value: string): string | null {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (iban.length < 2) return 'incomplete_iban';
  if (!/^[A-Z]{2}/.test(iban)) return 'invalid_iban_start';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'invalid_iban_country_code';
  if (iban.length < length) return 'incomplete_iban';
  if (iban.length > length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || mod97(iban) !== 1)
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
