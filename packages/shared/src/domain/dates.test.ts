import { describe, expect, test } from 'vitest';
import { addDaysIso, daysFromToday } from './dates.ts';

describe('addDaysIso', () => {
  test('rolls over months, years and leap days, both ways', () => {
    expect(addDaysIso('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDaysIso('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDaysIso('2030-01-15', 0)).toBe('2030-01-15');
  });
});

describe('daysFromToday', () => {
  const now = new Date('2030-01-15T23:30:00Z');

  test('counts from today in the given zone, not in UTC', () => {
    expect(daysFromToday(0, { timeZone: 'UTC', now })).toBe('15.01.2030');
    expect(daysFromToday(0, { timeZone: 'Pacific/Auckland', now })).toBe('16.01.2030');
    expect(daysFromToday(-1, { timeZone: 'America/New_York', now })).toBe('14.01.2030');
  });

  test('writes dd.MM.yyyy by default and yyyy-MM-dd when asked', () => {
    expect(daysFromToday(20, { timeZone: 'UTC', now })).toBe('04.02.2030');
    expect(daysFromToday(20, { timeZone: 'UTC', now, iso: true })).toBe('2030-02-04');
  });
});
