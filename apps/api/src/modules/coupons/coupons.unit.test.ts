import { describe, expect, test } from 'vitest';
import { discountCents } from './coupons.service.ts';

describe('discountCents', () => {
  test('percent: rounded to the nearest cent, half up', () => {
    expect(discountCents({ percentOff: 10, amountOffCents: null }, 2999)).toBe(300);
    expect(discountCents({ percentOff: 20, amountOffCents: null }, 2999)).toBe(600);
    expect(discountCents({ percentOff: 33, amountOffCents: null }, 499)).toBe(165);
    expect(discountCents({ percentOff: 10, amountOffCents: null }, 2994)).toBe(299);
    expect(discountCents({ percentOff: 50, amountOffCents: null }, 299)).toBe(150);
    expect(discountCents({ percentOff: 100, amountOffCents: null }, 4999)).toBe(4999);
    expect(discountCents({ percentOff: 15, amountOffCents: null }, 0)).toBe(0);
  });

  test('amount: as given, at most the price', () => {
    expect(discountCents({ percentOff: null, amountOffCents: 500 }, 2999)).toBe(500);
    expect(discountCents({ percentOff: null, amountOffCents: 5000 }, 2999)).toBe(2999);
    expect(discountCents({ percentOff: null, amountOffCents: 299 }, 299)).toBe(299);
  });
});
