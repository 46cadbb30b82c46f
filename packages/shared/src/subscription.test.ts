import { describe, expect, it } from 'vitest';
import { nextTermStartDay, termLastDay } from './domain/subscription.ts';

const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

describe("a term's last day and the next term's first day (Berlin calendar days)", () => {
  it.each([
    // Paid 24.11.2026 10:00 UTC, yearly: ends 24.11.2027 10:00 UTC.
    ['2027-11-24T10:00:00Z', '2027-11-23', '2027-11-24'],
    // 23:30 UTC is already the next day in Berlin (winter, +1).
    ['2027-03-01T23:30:00Z', '2027-03-01', '2027-03-02'],
    // Midnight in Berlin in summer (+2): 22:00 UTC.
    ['2027-07-14T22:00:00Z', '2027-07-14', '2027-07-15'],
    // Across a month and a year.
    ['2027-01-01T08:00:00Z', '2026-12-31', '2027-01-01'],
    ['2028-03-01T08:00:00Z', '2028-02-29', '2028-03-01'],
  ])('ends %s: last day %s, next starts %s', (end, last, next) => {
    expect(termLastDay(unix(end))).toBe(last);
    expect(nextTermStartDay(unix(end))).toBe(next);
  });
});
