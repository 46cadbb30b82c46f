// What Stripe's test mode does with each test card number and test IBAN (docs.stripe.com/testing), and the
// checks Stripe Elements makes before anything is sent. Pure functions: the number or IBAN never leaves
// here except as brand and last four digits.

import {
  type CardDetails,
  cardDigits,
  cardErrorCode,
  ibanErrorCode,
  normaliseIban,
} from '@pet/shared/payment-instruments';
import { SAVED_TEST_METHODS, savedCardMethod, savedIbanMethod } from './saved-methods.ts';

export interface ConfirmError {
  type: 'card_error' | 'invalid_request_error' | 'validation_error';
  code: string;
  decline_code: string | null;
  message: string;
}

/** succeeded, a 3-D Secure challenge, a SEPA debit that settles later, or a refusal. */
export type Outcome =
  | { kind: 'succeeded'; label: string; paymentMethodRef: string }
  | { kind: 'challenge'; label: string; paymentMethodRef: string }
  | { kind: 'sepa'; label: string; settles: 'succeeded' | 'failed'; paymentMethodRef: string }
  | { kind: 'declined'; error: ConfirmError }
  | { kind: 'invalid'; error: ConfirmError };

/** Elements' own English message of each code the shared check answers. */
const VALIDATION_MESSAGES: Record<string, string> = {
  incomplete_number: 'Your card number is incomplete.',
  invalid_number: 'Your card number is invalid.',
  incomplete_expiry: "Your card's expiration date is incomplete.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  incomplete_cvc: "Your card's security code is incomplete.",
  incomplete_iban: 'Your IBAN is incomplete.',
  invalid_iban_start: 'Your IBAN should start with a two-letter country code.',
  invalid_iban_country_code: 'The country code of your IBAN is invalid.',
  invalid_iban: 'Your IBAN is invalid.',
};

const validation = (code: string): Outcome => ({
  kind: 'invalid',
  error: {
    type: 'validation_error',
    code,
    decline_code: null,
    message: VALIDATION_MESSAGES[code] ?? 'Your payment details are invalid.',
  },
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
  // Stripe: "attaching this card to a Customer succeeds, but attempts to charge the customer fail".
  '4000000000000341': declined('card_declined', 'generic_decline', DECLINED),
};

/** A renewal's off-session charge of a saved method: paid, a SEPA debit that settles later, or declined. */
export type RenewalOutcome =
  | { kind: 'succeeded' }
  | { kind: 'sepa'; settles: 'succeeded' | 'failed' }
  | { kind: 'declined'; error: ConfirmError };

const RENEWAL_DECLINES: Record<'card_declined' | 'authentication_required', ConfirmError> = {
  card_declined: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: DECLINED,
  },
  authentication_required: {
    type: 'card_error',
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/** What charging a saved method off-session does (saved-methods.ts: the one table of saved test methods). */
export function renewalOutcome(paymentMethodRef: string | null): RenewalOutcome {
  const method = paymentMethodRef ? SAVED_TEST_METHODS[paymentMethodRef] : undefined;
  if (!method) return { kind: 'declined', error: RENEWAL_DECLINES.card_declined };
  if (method.type === 'sepa') return { kind: 'sepa', settles: method.chargeFails ? 'failed' : 'succeeded' };
  if (!method.chargeFails) return { kind: 'succeeded' };
  return { kind: 'declined', error: RENEWAL_DECLINES[method.failureCode ?? 'card_declined'] };
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** Elements' checks first (the same check as the web's sandbox fields), then the test number's behaviour. */
export function cardOutcome(card: CardDetails, now: Date): Outcome {
  const problem = cardErrorCode(card, now);
  if (problem) return validation(problem);
  const digits = cardDigits(card.number);
  const label = `${cardBrand(digits)} •••• ${digits.slice(-4)}`;
  const outcome = CARD_OUTCOMES[digits];
  const paymentMethodRef = savedCardMethod(digits) ?? 'pm_card_unknown';
  if (outcome === 'succeeded') return { kind: 'succeeded', label, paymentMethodRef };
  if (outcome === 'challenge') return { kind: 'challenge', label, paymentMethodRef };
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
  const problem = ibanErrorCode(rawIban);
  if (problem) return validation(problem);
  const iban = normaliseIban(rawIban);
  const settles = SEPA_OUTCOMES[iban];
  const label = `SEPA ${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
  if (settles)
    return {
      kind: 'sepa',
      label,
      settles,
      paymentMethodRef: savedIbanMethod(iban) ?? 'pm_sepa_unknown',
    };
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
