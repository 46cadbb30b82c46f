import { describe, expect, test } from 'vitest';
import { invoiceDate, vatIncluded, vatRateText } from './invoice-lines.ts';

// The VAT an invoice shows is worked out from the gross total in cents: net = round(total / (1 + rate)),
// VAT = total − net, so the two always add up to the total.

describe('vatIncluded', () => {
  test.each([
    // total, basis points, net, VAT
    [2999, 1900, 2520, 479],
    [7065, 1900, 5937, 1128],
    [5999, 1900, 5041, 958],
    [50, 1900, 42, 8],
    [2999, 700, 2803, 196],
    [2999, 0, 2999, 0],
    [119, 1900, 100, 19],
  ])('%i cents at %i bp: net %i, VAT %i', (total, bp, net, vat) => {
    expect(vatIncluded(total, bp)).toEqual({ netCents: net, vatCents: vat });
  });

  test('net and VAT add up to the total for every amount up to 1.000 € at 19 % and 7 %', () => {
    const wrong: number[][] = [];
    for (const bp of [1900, 700]) {
      for (let total = 0; total <= 100_000; total += 7) {
        const { netCents, vatCents } = vatIncluded(total, bp);
        const rate = 1 + bp / 10_000;
        // The net is the whole cent nearest to total / rate.
        const nearest = Number.isInteger(netCents) && Math.abs(netCents * rate - total) <= 0.5 * rate;
        if (netCents + vatCents !== total || !nearest) wrong.push([total, bp, netCents, vatCents]);
      }
    }
    expect(wrong).toEqual([]);
  });
});

test('rates read as each language writes them', () => {
  expect(vatRateText('en', 1900)).toBe('19%');
  expect(vatRateText('de', 1900)).toBe('19 %');
  expect(vatRateText('de', 750)).toBe('7,5 %');
});

test('invoice dates are Berlin’s calendar days', () => {
  expect(invoiceDate(new Date('2026-03-01T22:59:59Z'))).toBe('01.03.2026');
  expect(invoiceDate(new Date('2026-03-01T23:00:00Z'))).toBe('02.03.2026');
  // Summer time: UTC+2.
  expect(invoiceDate(new Date('2026-07-31T22:00:00Z'))).toBe('01.08.2026');
});
