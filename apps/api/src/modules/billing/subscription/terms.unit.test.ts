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

  test('renewals keep the anchor’s day: 31 Jan, 28 Feb, 31 Mar, 30 Apr, not the 28th for good', () => {
    const anchor = new Date('2026-01-31T10:00:00Z');
    const ends: string[] = [];
    let start = anchor;
    for (let term = 0; term < 4; term += 1) {
      start = termEnd(start, { duration: null }, 'monthly', anchor);
      ends.push(start.toISOString().slice(0, 10));
    }
    expect(ends).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    // A leap year's February, and a yearly term from a 29 February.
    const leap = new Date('2028-02-29T08:00:00Z');
    expect(termEnd(leap, { duration: null }, 'yearly')).toEqual(new Date('2029-02-28T08:00:00Z'));
    expect(termEnd(new Date('2029-02-28T08:00:00Z'), { duration: null }, 'yearly', leap)).toEqual(
      new Date('2030-02-28T08:00:00Z'),
    );
    expect(termEnd(new Date('2031-02-28T08:00:00Z'), { duration: null }, 'yearly', leap)).toEqual(
      new Date('2032-02-29T08:00:00Z'),
    );
  });

  test('an anchor the term does not follow is ignored: the term counts from its start', () => {
    const anchor = new Date('2026-01-10T10:00:00Z');
    expect(termEnd(new Date('2026-03-20T10:00:00Z'), { duration: null }, 'monthly', anchor)).toEqual(
      new Date('2026-04-20T10:00:00Z'),
    );
    expect(
      termEnd(new Date('2026-03-20T10:00:00Z'), { duration: null }, 'monthly', new Date('2027-01-01')),
    ).toEqual(new Date('2026-04-20T10:00:00Z'));
  });
});
