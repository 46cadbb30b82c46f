import type { PaymentMethodInfo } from '@pet/shared';
import { cardDigits, normaliseIban } from '@pet/shared/payment-instruments';

// The payment methods the sandbox saves (a confirmed first payment, its setup checkout page), named like
// Stripe's test PaymentMethod ids: a saved method is only ever this id, never a card number or IBAN.
// `chargeFails`: it is saved, but a later off-session charge (a renewal) fails with `failureCode`, as Stripe's
// pm_card_chargeCustomerFail (declined) and pm_card_authenticationRequired (needs 3-D Secure) do; a SEPA
// method's debit fails after processing.

export interface SavedTestMethod {
  type: 'card' | 'sepa';
  brand: string | null;
  last4: string;
  country: string | null;
  chargeFails: boolean;
  failureCode?: 'card_declined' | 'authentication_required';
  /** A 3-D Secure card: saving it asks for authentication (the checkout's challenge). */
  needsAuthentication?: boolean;
}

export const SAVED_TEST_METHODS: Readonly<Record<string, SavedTestMethod>> = {
  pm_card_visa: { type: 'card', brand: 'Visa', last4: '4242', country: null, chargeFails: false },
  pm_card_mastercard: { type: 'card', brand: 'Mastercard', last4: '4444', country: null, chargeFails: false },
  pm_card_chargeCustomerFail: {
    type: 'card',
    brand: 'Visa',
    last4: '0341',
    country: null,
    chargeFails: true,
    failureCode: 'card_declined',
  },
  // 3-D Secure cards: authenticated once on setup, later charges go through; or every charge asks again.
  pm_card_authenticationRequiredOnSetup: {
    type: 'card',
    brand: 'Visa',
    last4: '3155',
    country: null,
    chargeFails: false,
    needsAuthentication: true,
  },
  pm_card_authenticationRequired: {
    type: 'card',
    brand: 'Visa',
    last4: '3184',
    country: null,
    chargeFails: true,
    failureCode: 'authentication_required',
    needsAuthentication: true,
  },
  pm_sepa_debit_de: { type: 'sepa', brand: null, last4: '3000', country: 'DE', chargeFails: false },
  pm_sepa_debit_at: { type: 'sepa', brand: null, last4: '3201', country: 'AT', chargeFails: false },
  pm_sepa_debit_de_fails: { type: 'sepa', brand: null, last4: '3001', country: 'DE', chargeFails: true },
  pm_sepa_debit_at_fails: { type: 'sepa', brand: null, last4: '3202', country: 'AT', chargeFails: true },
};

/** The test card numbers and IBANs the setup page accepts, and the method each saves. */
const BY_CARD: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000002760003184': 'pm_card_authenticationRequired',
};
const BY_IBAN: Readonly<Record<string, string>> = {
  DE89370400440532013000: 'pm_sepa_debit_de',
  AT611904300234573201: 'pm_sepa_debit_at',
  DE62370400440532013001: 'pm_sepa_debit_de_fails',
  AT861904300235473202: 'pm_sepa_debit_at_fails',
};

export const savedCardMethod = (number: string): string | null => BY_CARD[cardDigits(number)] ?? null;
export const savedIbanMethod = (iban: string): string | null => BY_IBAN[normaliseIban(iban)] ?? null;

/** "Visa •••• 4242" / "SEPA DE •••• 3000", as the Stripe provider labels a method. */
export function savedMethodLabel(method: SavedTestMethod): string {
  return method.type === 'card'
    ? `${method.brand} •••• ${method.last4}`
    : `SEPA ${method.country} •••• ${method.last4}`;
}

/** Stripe's test methods expire in December of next year; the sandbox's do the same. */
export function describeSavedMethod(ref: string | null, now: Date): PaymentMethodInfo | null {
  const method = ref ? SAVED_TEST_METHODS[ref] : undefined;
  if (!method) return null;
  const card = method.type === 'card';
  return {
    type: method.type,
    brand: method.brand,
    last4: method.last4,
    exp_month: card ? 12 : null,
    exp_year: card ? now.getUTCFullYear() + 1 : null,
    country: method.country,
  };
}
