import { describe, expect, test } from 'vitest';
import { addMonths } from '../../../lib/dates.ts';
import type { SubscriptionRow } from '../subscription-row.ts';
import { proration } from './prices.service.ts';

// Proration's arithmetic with a fixed clock: whole days left of the paid term, credited pro rata and
// rounded down to the cent.

const DAY = 86_400_000;

function term(start: string, months: number, termPaidCents: number, status = 'active'): SubscriptionRow {
  const currentPeriodStart = new Date(start);
  return {
    currentPeriodStart,
    currentPeriodEnd: addMonths(currentPeriodStart, months),
    termPaidCents,
    status,
  } as SubscriptionRow;
}

describe('proration', () => {
  const yearly = term('2026-01-15T10:00:00Z', 12, 2999);

  test('no term, an ended term or a canceled one: no credit', () => {
    expect(proration(undefined, new Date())).toEqual({ creditCents: 0, daysLeft: 0, daysTotal: 0 });
    expect(proration(yearly, new Date('2027-01-15T10:00:00Z'))).toMatchObject({ creditCents: 0 });
    expect(
      proration(term('2026-01-15T10:00:00Z', 12, 2999, 'canceled'), new Date('2026-02-01T00:00:00Z')),
    ).toMatchObject({ creditCents: 0 });
  });

  test('on the first day the whole term less the started day; half-way about half', () => {
    expect(proration(yearly, new Date('2026-01-15T10:00:01Z'))).toEqual({
      creditCents: Math.floor((2999 * 364) / 365),
      daysLeft: 364,
      daysTotal: 365,
    });
    const later = new Date(yearly.currentPeriodStart.getTime() + 200 * DAY + 5_000);
    expect(proration(yearly, later)).toEqual({
      creditCents: Math.floor((2999 * 164) / 365),
      daysLeft: 164,
      daysTotal: 365,
    });
  });

  test('a month of February has 28 days; the last partial day gives nothing', () => {
    const february = term('2026-02-01T00:00:00Z', 1, 499);
    expect(proration(february, new Date('2026-02-14T12:00:00Z'))).toEqual({
      creditCents: Math.floor((499 * 14) / 28),
      daysLeft: 14,
      daysTotal: 28,
    });
    expect(proration(february, new Date('2026-02-28T23:00:00Z'))).toMatchObject({
      creditCents: 0,
      daysLeft: 0,
    });
  });
});
