import { describe, expect, it } from 'vitest';
import { normalizeTimeOfDay } from './TimeOfDayInput.tsx';

describe('typed times', () => {
  it('become HH:mm (24-hour)', () => {
    expect(normalizeTimeOfDay('930')).toBe('09:30');
    expect(normalizeTimeOfDay('9:30')).toBe('09:30');
    expect(normalizeTimeOfDay('9.30')).toBe('09:30');
    expect(normalizeTimeOfDay(' 1430 ')).toBe('14:30');
    expect(normalizeTimeOfDay('14:30')).toBe('14:30');
    expect(normalizeTimeOfDay('7')).toBe('07:00');
    expect(normalizeTimeOfDay('0000')).toBe('00:00');
  });

  it('anything else stays as typed, for the form to refuse', () => {
    expect(normalizeTimeOfDay('24:00')).toBe('24:00');
    expect(normalizeTimeOfDay('12:60')).toBe('12:60');
    expect(normalizeTimeOfDay('2 pm')).toBe('2 pm');
    expect(normalizeTimeOfDay('')).toBe('');
  });
});
