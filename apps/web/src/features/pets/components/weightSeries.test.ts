import { describe, expect, it } from 'vitest';
import { weightAxis, weightDomain, weightSeries, weightTicks } from './weightSeries.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('weight chart data', () => {
  it('oldest to newest on a time axis', () => {
    const points = weightSeries([
      { weight: 12, date: '01.03.2024' },
      { weight: 10, date: '15.01.2024' },
      { weight: 11, date: '01.02.2024' },
    ]);
    expect(points).toEqual([
      { time: day('2024-01-15'), weight: 10 },
      { time: day('2024-02-01'), weight: 11 },
      { time: day('2024-03-01'), weight: 12 },
    ]);
    expect(weightDomain(points)).toEqual([day('2024-01-15'), day('2024-03-01')]);
  });

  it('ticks sit on weighing days, at most four, first and last included', () => {
    const dates = ['01.01.2024', '01.02.2024', '01.03.2024', '01.04.2024', '01.05.2024', '01.06.2024'];
    const points = weightSeries(dates.map((date, i) => ({ weight: i, date })));
    expect(weightTicks(points)).toEqual([
      day('2024-01-01'),
      day('2024-03-01'),
      day('2024-04-01'),
      day('2024-06-01'),
    ]);
  });

  it('one weighing gets a day of room on both sides', () => {
    const points = weightSeries([{ weight: 5, date: '10.10.2024' }]);
    expect(weightDomain(points)).toEqual([day('2024-10-09'), day('2024-10-11')]);
  });
});

describe('weight axis', () => {
  const axis = (...weights: number[]) => weightAxis(weights.map((weight, i) => ({ time: i, weight })));

  it('round ticks around the weights', () => {
    expect(axis(9.8, 13.6)).toEqual({ domain: [9, 14], ticks: [9, 10, 11, 12, 13, 14] });
    expect(axis(31, 42)).toEqual({ domain: [30, 45], ticks: [30, 35, 40, 45] });
    expect(axis(0.3, 0.45)).toEqual({ domain: [0.2, 0.5], ticks: [0.2, 0.3, 0.4, 0.5] });
  });

  it('one weight gets room above and below', () => {
    expect(axis(12, 12)).toEqual({ domain: [11.5, 12.5], ticks: [11.5, 12, 12.5] });
  });
});
