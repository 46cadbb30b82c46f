// The checksums of card numbers and IBANs, shared by the web's sandbox payment fields and the sandbox
// provider, which both check what Stripe Elements checks.

/** The Luhn checksum every card number carries ("4242424242424242" passes). */
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

/** IBAN lengths of the SEPA countries (ISO 13616 registry). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
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

/** ISO 7064 mod 97-10 of an upper-case IBAN without spaces: true when its check digits fit. */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A card as the sandbox fields send it: month and four-digit year are 0 while the expiry is incomplete. */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Spaces and dashes a user types between the groups of a card number. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/**
 * The first problem of a card as Stripe Elements' code, or null: the one check of the web's sandbox fields
 * and of the sandbox provider. The expiry is read in UTC on both sides, so they agree at a month's turn.
 */
export function cardErrorCode(card: CardDetails, now: Date): string | null {
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) return 'invalid_number';
  if (digits.length < (isAmex(digits) ? 15 : 16)) return 'incomplete_number';
  if (digits.length > 19 || !passesLuhn(digits)) return 'invalid_number';
  const year = card.exp_year > 0 && card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12 || year < 1000) return 'incomplete_expiry';
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && card.exp_month < now.getUTCMonth() + 1)) {
    return 'invalid_expiry_year_past';
  }
  if (!(isAmex(digits) ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) return 'incomplete_cvc';
  return null;
}

/** Upper case without spaces, as an IBAN is compared and sent. */
export function normaliseIban(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

/**
 * The first problem of an IBAN as Stripe Elements' code, or null (web and sandbox alike). A character that
 * can never be right, or too many, is invalid at once; a clean but short one is incomplete.
 */
export function ibanErrorCode(raw: string): string | null {
  const iban = normaliseIban(raw);
  if (iban.length < 2) return 'incomplete_iban';
  if (!/^[A-Z]{2}/.test(iban)) return 'invalid_iban_start';
  const length = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'invalid_iban_country_code';
  const clean = /^[A-Z]{2}(\d{1,2}|\d{2}[A-Z0-9]*)?$/.test(iban);
  if (!clean || iban.length > length) return 'invalid_iban';
  if (iban.length < length) return 'incomplete_iban';
  return ibanChecksumValid(iban) ? null : 'invalid_iban';
}
