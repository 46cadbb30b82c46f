import { textKeyForPaymentCode } from '@pet/shared/errors';
import { passesLuhn } from '@pet/shared/payment-instruments';
import { describe, expect, it } from 'vitest';
import { cardErrorCode, formatExpiry, groupCardNumber, ibanErrorCode } from './paymentFields.ts';

const now = new Date('2026-11-24T12:00:00Z');
const card = (number: string, expiry = '12/34', cvc = '123') => cardErrorCode({ number, expiry, cvc }, now);

describe('sandbox payment fields answer Stripe Elements codes', () => {
  it.each([
    ['4242 4242 4242', '12/34', '123', 'incomplete_number'],
    ['4242 4242 4242 4241', '12/34', '123', 'invalid_number'],
    ['4242 4242 4242 4242', '12/', '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', '13/30', '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', '01/20', '123', 'invalid_expiry_year_past'],
    ['4242 4242 4242 4242', '10/26', '123', 'invalid_expiry_year_past'],
    ['4242 4242 4242 4242', '11/26', '123', null],
    ['4242 4242 4242 4242', '12/34', '12', 'incomplete_cvc'],
    ['3782 822463 10005', '12/34', '123', 'incomplete_cvc'],
    ['3782 822463 10005', '12/34', '1234', null],
    ['4000 0025 0000 3155', '12/34', '123', null],
  ])('card %s %s %s → %s', (number, expiry, cvc, code) => {
    expect(card(number, expiry, cvc)).toBe(code);
  });

  it.each([
    ['', 'incomplete_iban'],
    ['DE89 3704', 'incomplete_iban'],
    ['US89 3704 0044 0532 0130 00', 'invalid_iban_country_code'],
    ['1289 3704 0044 0532 0130 00', 'invalid_iban_start'],
    ['DE89 3704 0044 0532 0130 01', 'invalid_iban'],
    ['de89 3704 0044 0532 0130 00', null],
    ['AT61 1904 3002 3457 3201', null],
  ])('IBAN %s → %s', (iban, code) => {
    expect(ibanErrorCode(iban)).toBe(code);
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

  it('Luhn and the typing helpers', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(groupCardNumber('42424242x42424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });
});
