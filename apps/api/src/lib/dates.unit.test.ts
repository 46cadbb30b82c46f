import { describe, expect, it, test } from 'vitest';
import { businessDay, businessDayEnd, businessDayStart } from './business-day.ts';
import { addMonths, isIsoDay } from './dates.ts';

describe('dates', () => {
  it('adds calendar months, clamping to the last day of the target month', () => {
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-03-15T08:30:00Z'), 12).toISOString()).toBe('2026-03-15T08:30:00.000Z');
    expect(addMonths(new Date('2025-03-15T08:30:00Z'), -1).toISOString()).toBe('2025-02-15T08:30:00.000Z');
  });

  it('reads the business day in Berlin, not UTC', () => {
    expect(businessDay(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(businessDay(new Date('2025-01-01T22:59:00Z'))).toBe('2025-01-01');
  });

  it('accepts real days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-1-01')).toBe(false);
  });
});

describe('businessDayStart and businessDayEnd: Berlin calendar days as instants', () => {
  test('winter (UTC+1) and summer (UTC+2)', () => {
    expect(businessDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(businessDayEnd('2026-01-15').toISOString()).toBe('2026-01-15T22:59:59.999Z');
    expect(businessDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(businessDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
  });

  test('the days the clocks change', () => {
    // 29 March 2026: 02:00 becomes 03:00 (a 23-hour day); 25 October 2026: 03:00 becomes 02:00 (25 hours).
    expect(businessDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(businessDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(businessDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(businessDayEnd('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.999Z');
    expect(businessDay(businessDayEnd('2026-10-25'))).toBe('2026-10-25');
  });
});
