import { describe, expect, it } from 'vitest';
import { addMonths, businessDay, isIsoDay } from './dates.ts';

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
