import { describe, expect, test } from 'vitest';
import { termEnd, termMonths } from './terms.ts';

// A term's length (ADR 0011 "Terms"): the catalogue's duration where it sets one (tier-fritz 1/12/24),
// else 1 or 12 months by the pay type; calendar months in UTC, clamped to the month's end.

describe('terms', () => {
  test.each([
    [null, 'monthly', 1],
    [null, 'yearly', 12],
    [1, 'yearly', 1],
    [12, 'monthly', 12],
    [24, 'yearly', 24],
  ] as const)('duration %s, %s: %i months', (duration, payType, months) => {
    expect(termMonths({ duration }, payType)).toBe(months);
  });

  test('ends on the same day months later, clamped to the month’s end', () => {
    expect(termEnd(new Date('2026-01-31T10:00:00Z'), { duration: null }, 'monthly')).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
    expect(termEnd(new Date('2026-03-15T00:00:00Z'), { duration: 24 }, 'yearly')).toEqual(
      new Date('2028-03-15T00:00:00Z'),
    );
  });
});
