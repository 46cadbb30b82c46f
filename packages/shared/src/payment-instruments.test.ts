import { describe, expect, it } from 'vitest';
import { cardErrorCode, ibanErrorCode, passesLuhn } from './payment-instruments.ts';

const now = new Date('2026-11-24T12:00:00Z');
const card = (number: string, exp_month: number, exp_year: number, cvc: string) =>
  cardErrorCode({ number, exp_month, exp_year, cvc }, now);

describe('the one card check of the sandbox fields and the sandbox provider (Elements codes)', () => {
  it.each([
    ['4242 4242 4242', 12, 2034, '123', 'incomplete_number'],
    ['4242 4242 4242 4241', 12, 2034, '123', 'invalid_number'],
    ['4242-4242-4242-424x', 12, 2034, '123', 'invalid_number'],
    ['4242 4242 4242 4242 4242', 12, 2034, '123', 'invalid_number'],
    ['4242 4242 4242 4242', 0, 0, '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', 13, 2030, '123', 'incomplete_expiry'],
    ['4242 4242 4242 4242', 1, 2020, '123', 'invalid_expiry_year_past'],
    ['4242 4242 4242 4242', 10, 2026, '123', 'invalid_expiry_year_past'],
    ['4242 4242 4242 4242', 11, 2026, '123', null],
    ['4242 4242 4242 4242', 11, 26, '123', null],
    ['4242 4242 4242 4242', 12, 2034, '12', 'incomplete_cvc'],
    ['4242 4242 4242 4242', 12, 2034, '1234', 'incomplete_cvc'],
    ['3782 822463 10005', 12, 2034, '123', 'incomplete_cvc'],
    ['3782 822463 10005', 12, 2034, '1234', null],
    ['4000 0025 0000 3155', 12, 2034, '123', null],
  ])('card %s %i/%i %s → %s', (number, month, year, cvc, code) => {
    expect(card(number, month, year, cvc)).toBe(code);
  });

  it('reads the month in UTC, so the browser and the server agree at the turn of a month', () => {
    // 1 December 00:30 in Berlin is still 30 November in UTC: a card expiring 11/2026 is valid everywhere.
    const turn = new Date('2026-11-30T23:30:00Z');
    expect(
      cardErrorCode({ number: '4242424242424242', exp_month: 11, exp_year: 2026, cvc: '123' }, turn),
    ).toBeNull();
    const after = new Date('2026-12-01T00:00:00Z');
    expect(
      cardErrorCode({ number: '4242424242424242', exp_month: 11, exp_year: 2026, cvc: '123' }, after),
    ).toBe('invalid_expiry_year_past');
  });

  it.each([
    ['', 'incomplete_iban'],
    ['D', 'incomplete_iban'],
    ['DE', 'incomplete_iban'],
    ['DE8', 'incomplete_iban'],
    ['DE89 3704', 'incomplete_iban'],
    ['DE89 37*4', 'invalid_iban'],
    ['DEX9 3704', 'invalid_iban'],
    ['DE89 3704 0044 0532 0130 0000', 'invalid_iban'],
    ['US89 3704 0044 0532 0130 00', 'invalid_iban_country_code'],
    ['1289 3704 0044 0532 0130 00', 'invalid_iban_start'],
    ['DE89 3704 0044 0532 0130 01', 'invalid_iban'],
    ['de89 3704 0044 0532 0130 00', null],
    ['AT61 1904 3002 3457 3201', null],
  ])('IBAN %s → %s', (iban, code) => {
    expect(ibanErrorCode(iban)).toBe(code);
  });

  it('Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
