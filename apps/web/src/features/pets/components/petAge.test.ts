import { describe, expect, it } from 'vitest';
import { petAge } from './petAge.ts';

const today = new Date(2026, 4, 15); // 15 May 2026, local time

describe('pet age', () => {
  it('whole years and months up to today', () => {
    expect(petAge('15.05.2020', today)).toEqual({ years: 6, months: 0 });
    expect(petAge('16.05.2020', today)).toEqual({ years: 5, months: 11 });
    expect(petAge('01.02.2025', today)).toEqual({ years: 1, months: 3 });
    expect(petAge('01.05.2026', today)).toEqual({ years: 0, months: 0 });
  });

  it('no age without a valid past date', () => {
    expect(petAge(null, today)).toBeNull();
    expect(petAge('', today)).toBeNull();
    expect(petAge('31.02.2020', today)).toBeNull();
    expect(petAge('01.06.2026', today)).toBeNull();
  });
});
