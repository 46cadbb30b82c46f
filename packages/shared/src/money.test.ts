import { expect, test } from 'vitest';
import { centsToEuro, euroToCents, formatEuro } from './money.ts';

test.each([
  [2999, '29,99 €'],
  [0, '0,00 €'],
  [5, '0,05 €'],
  [-1234, '-12,34 €'],
  [123456, '1.234,56 €'],
  [100000000, '1.000.000,00 €'],
])('formatEuro(%i) is %s', (cents, text) => {
  expect(formatEuro(cents)).toBe(text);
});

test('euro and cents convert exactly for catalogue prices', () => {
  for (const euro of [0.5, 2.99, 4.99, 29.99, 49.95, 79.99, 99.99, 0.07, 0.29]) {
    expect(centsToEuro(euroToCents(euro))).toBe(euro);
  }
  expect(euroToCents(0.29)).toBe(29);
});
