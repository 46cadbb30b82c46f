import { textKeyForPaymentCode } from '@pet/shared/text-key-for-error';
import { describe, expect, it } from 'vitest';
import { cardFieldsErrorCode, formatExpiry, groupCardNumber, paymentFieldTextKey } from './paymentFields.ts';

const now = new Date('2026-11-24T12:00:00Z');
const card = (number: string, expiry = '12/34', cvc = '123') =>
  cardFieldsErrorCode({ number, expiry, cvc }, now);

describe('sandbox payment fields', () => {
  // Every code of the shared check is proven in packages/shared/src/payment-instruments.test.ts.
  it.each([
    ['4242 4242 4242', '12/34', '123', 'incomplete_number'],
    ['4242 4242 4242 4242', '12/', '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', '13/30', '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', '10/26', '123', 'invalid_expiry_year_past'],
    ['4242 4242 4242 4242', '11/26', '123', null],
    ['3782 822463 10005', '12/34', '1234', null],
  ])('reads the typed card %s %s %s → %s', (number, expiry, cvc, code) => {
    expect(card(number, expiry, cvc)).toBe(code);
  });

  it('every code but invalid_iban has a text of its own', () => {
    for (const code of [
      'incomplete_number',
      'invalid_number',
      'incomplete_expiry',
      'invalid_expiry_year_past',
      'incomplete_cvc',
      'incomplete_iban',
      'invalid_iban_country_code',
      'invalid_iban_start',
    ]) {
      expect(textKeyForPaymentCode(code)).not.toBeNull();
    }
  });

  it('an invalid IBAN has a text of its own, an unknown code the general one', () => {
    expect(paymentFieldTextKey('incomplete_iban')).toBe('errors:Incomplete_Iban_Text');
    expect(paymentFieldTextKey('invalid_iban')).toBe('billing:payment.invalidIban');
    expect(paymentFieldTextKey('invalid_expiry_month_past')).toBe('billing:payment.invalidField');
  });

  it('the typing helpers', () => {
    expect(groupCardNumber('42424242x42424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });
});
