import { describe, expect, test } from 'vitest';
import { instantToZoned, zonedToInstant, zoneOffsetMs } from './zoned-time.ts';

describe('zonedToInstant', () => {
  test.each([
    ['2030-01-15', '09:30:00', 'Europe/Berlin', '2030-01-15T08:30:00.000Z'],
    ['2030-07-15', '09:30:00', 'Europe/Berlin', '2030-07-15T07:30:00.000Z'],
    ['2030-07-15', '09:30:00', 'Pacific/Auckland', '2030-07-14T21:30:00.000Z'],
    ['2030-01-15', '09:30:00', 'Pacific/Auckland', '2030-01-14T20:30:00.000Z'],
    ['2030-03-10', '12:00:00', 'America/New_York', '2030-03-10T16:00:00.000Z'],
    ['2030-12-31', '23:59:59', 'UTC', '2030-12-31T23:59:59.000Z'],
    ['2030-06-01', '00:00:00', 'Asia/Kolkata', '2030-05-31T18:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedToInstant(date, time, zone).toISOString()).toBe(expected);
  });

  test('a time skipped by daylight saving lands after the jump; a doubled one is the first', () => {
    // Berlin 2030-03-31: 02:00 -> 03:00. 02:30 does not exist.
    expect(zonedToInstant('2030-03-31', '02:30:00', 'Europe/Berlin').toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    // Berlin 2030-10-27: 03:00 -> 02:00. 02:30 happens twice; the first is still summer time (UTC+2).
    expect(zonedToInstant('2030-10-27', '02:30:00', 'Europe/Berlin').toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );
  });

  test('round trip through the wall clock', () => {
    for (const zone of ['Europe/Berlin', 'Pacific/Auckland', 'America/New_York', 'Asia/Kathmandu']) {
      const instant = zonedToInstant('2031-02-03', '04:05:06', zone);
      expect(instantToZoned(instant, zone)).toEqual({ date: '2031-02-03', time: '04:05:06' });
    }
    expect(zoneOffsetMs(Date.UTC(2030, 0, 1), 'Asia/Kathmandu')).toBe((5 * 60 + 45) * 60_000);
  });
});
