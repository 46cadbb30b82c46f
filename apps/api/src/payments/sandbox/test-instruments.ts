// What Stripe's test mode does with each test card number and test IBAN (docs.stripe.com/testing), and the
// checks Stripe Elements makes before anything is sent. Pure functions: the number or IBAN never leaves
// here except as brand and last four digits.

import { ibanChecksumValid, passesLuhn, SEPA_IBAN_LENGTHS } from '@pet/shared/payment-instruments';

export interface ConfirmError {
  type: 'card_error' | 'invalid_request_error' | 'validation_error';
  code: string;
  decline_code: string | null;
  message: string;
}

/** succeeded, a 3-D Secure challenge, a SEPA debit that settles later, or a refusal. */
export type Outcome =
  | { kind: 'succeeded'; label: string }
  | { kind: 'challenge'; label: string }
  | { kind: 'sepa'; label: string; settles: 'succeeded' | 'failed' }
  | { kind: 'declined'; error: ConfirmError }
  | { kind: 'invalid'; error: ConfirmError };

const validation = (code: string, message: string): Outcome => ({
  kind: 'invalid',
  error: { type: 'validation_error', code, decline_code: null, message },
});

const declined = (code: string, declineCode: string | null, message: string): Outcome => ({
  kind: 'declined',
  error: { type: 'card_error', code, decline_code: declineCode, message },
});

const DECLINED = 'Your card was declined.';

const CARD_OUTCOMES: Record<string, 'succeeded' | 'challenge' | Outcome> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': declined('card_declined', 'generic_decline', DECLINED),
  '4000000000009995': declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000069': declined('expired_card', null, 'Your card has expired.'),
  '4000000000000127': declined('incorrect_cvc', null, "Your card's security code is incorrect."),
  '4000000000000119': declined(
    'processing_error',
    null,
    'An error occurred while processing your card. Try again in a little bit.',
  ),
  '4000002500003155': 'challenge',
  '4000002760003184': 'challenge',
};

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Elements' checks first (in its order), then the test number's behaviour. */
export function cardOutcome(card: CardInput, now: Date): Outcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return validation('invalid_number', 'Your card number is invalid.');
  const amex = /^3[47]/.test(digits);
  if (digits.length < (amex ? 15 : 16))
    return validation('incomplete_number', 'Your card number is incomplete.');
  if (digits.length > 19 || !passesLuhn(digits))
    return validation('invalid_number', 'Your card number is invalid.');
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12 || year < 1000) {
    return validation('incomplete_expiry', "Your card's expiration date is incomplete.");
  }
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && card.exp_month < now.getUTCMonth() + 1)) {
    return validation('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  }
  if (!new RegExp(amex ? '^\\d{4}$' : '^\\d{3}$').test(card.cvc)) {
    return validation('incomplete_cvc', "Your card's security code is incomplete.");
  }
  const label = `${cardBrand(digits)} •••• ${digits.slice(-4)}`;
  const outcome = CARD_OUTCOMES[digits];
  if (outcome === 'succeeded') return { kind: 'succeeded', label };
  if (outcome === 'challenge') return { kind: 'challenge', label };
  if (outcome) return outcome;
  return declined(
    'card_declined',
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  );
}

const SEPA_OUTCOMES: Record<string, 'succeeded' | 'failed'> = {
  DE89370400440532013000: 'succeeded',
  AT611904300234573201: 'succeeded',
  DE62370400440532013001: 'failed',
  AT861904300235473202: 'failed',
};

export function sepaOutcome(rawIban: string): Outcome {
  const iban = rawIban.replace(/\s/g, '').toUpperCase();
  if (iban.length < 2) return validation('incomplete_iban', 'Your IBAN is incomplete.');
  if (!/^[A-Z]{2}/.test(iban)) {
    return validation('invalid_iban_start', 'Your IBAN should start with a two-letter country code.');
  }
  const length = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) {
    return validation('invalid_iban_country_code', 'The country code of your IBAN is invalid.');
  }
  if (
    !/^[A-Z]{2}\d{2}[A-Z0-9]*$/.test(iban) ||
    iban.length > length ||
    (iban.length === length && !ibanChecksumValid(iban))
  ) {
    return validation('invalid_iban', 'Your IBAN is invalid.');
  }
  if (iban.length < length) return validation('incomplete_iban', 'Your IBAN is incomplete.');
  const settles = SEPA_OUTCOMES[iban];
  const label = `SEPA ${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
  if (settles) return { kind: 'sepa', label, settles };
  return {
    kind: 'declined',
    error: {
      type: 'invalid_request_error',
      code: 'test_mode_live_card',
      decline_code: 'test_mode_live_card',
      message:
        'Your request was in test mode, but used a real IBAN. Only test IBANs can be used in test mode. For a list of valid test IBANs, visit: https://stripe.com/docs/testing.',
    },
  };
}
