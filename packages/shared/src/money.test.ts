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

/**
 * Every cent from -2.000 € to 2.000 €, then steps of 7 cents to 20.000 € (7 and 100 share no factor, so
 * every ending ,00 to ,99 recurs), and each thousands boundary one cent either side.
 */
function centsToCheck(): number[] {
  const cents: number[] = [];
  for (let c = -200_000; c <= 200_000; c += 1) cents.push(c);
  for (let c = 200_001; c <= 2_000_000; c += 7) cents.push(c);
  for (const edge of [100_000, 1_000_000]) cents.push(edge - 1, edge, edge + 1, -edge - 1, -edge, -edge + 1);
  cents.push(2_000_000);
  return cents;
}

test('is Intl.NumberFormat de-DE EUR, its no-break space a plain one, from -2.000 € to 20.000 €', () => {
  const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  const mismatches = centsToCheck().filter(
    (cents) => formatEuro(cents) !== intl.format(cents / 100).replace('\u00a0', ' '),
  );
  expect(mismatches).toEqual([]);
}, 30_000);

test('a fraction of a cent is cut off, and never leaves "-0,00 €"', () => {
  expect(formatEuro(1234.9)).toBe('12,34 €');
  expect(formatEuro(-1234.9)).toBe('-12,34 €');
  expect(formatEuro(-0.4)).toBe('0,00 €');
  expect(formatEuro(-0)).toBe('0,00 €');
});
