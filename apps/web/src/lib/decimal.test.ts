import { LANGUAGES } from '@pet/shared/constants';
import { describe, expect, it } from 'vitest';
import { decimalMark, formatDecimal } from './decimal.ts';

const VALUES = [
  2.675, 0.125, 0.5, 2.5, 1e-7, 74.95, 0, 1, 1.5, 12.345, 12.355, 1.005, 0.04, 0.05, 999.999, 1000, 1234.5,
  98765.4321, 1234567.891, -3.25, -0.001,
];

describe('decimal numbers in the UI language', () => {
  for (const language of LANGUAGES) {
    it(`writes ${language} numbers as Intl does`, () => {
      for (const digits of [0, 1, 2]) {
        const intl = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
        for (const value of VALUES)
          expect(formatDecimal(value, language, digits), `${value}/${digits}`).toBe(intl.format(value));
      }
    });

    it(`names the ${language} decimal mark as Intl does`, () => {
      const mark = new Intl.NumberFormat(language)
        .formatToParts(1.5)
        .find((part) => part.type === 'decimal')?.value;
      expect(decimalMark(language)).toBe(mark);
    });
  }

  it('groups thousands in each language', () => {
    expect(formatDecimal(1234567.5, 'en', 2)).toBe('1,234,567.5');
    expect(formatDecimal(1234567.5, 'de', 2)).toBe('1.234.567,5');
  });
});
