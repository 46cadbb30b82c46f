import { TZDate, tzOffset } from '@date-fns/tz';
import { DAY_MS } from './dates.ts';

// Wall-clock date and time in an IANA zone <-> the instant, on @date-fns/tz. The zone's offset is read at a
// first guess and checked again at the guess, which settles every day that has a DST change. A time that does
// not exist (the hour skipped in spring) lands one hour later, as clocks show it; a time that exists twice
// (autumn) is the first of the two (TZDate alone would pick either, depending on the zone's side of UTC).

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(instant)) * 60_000;
}

/** `isoDate` 'yyyy-MM-dd' and `time` 'HH:mm[:ss]' on the wall clocks of `timeZone`, as an instant. */
export function zonedToInstant(isoDate: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offsets a day either side cover any single change of the offset on this day.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const readsBack = (t: number) => t + zoneOffsetMs(t, timeZone) === wall;
  const matches = [wall - before, wall - after].filter(readsBack).sort((a, b) => a - b);
  // Twice on the clock: the first. Never on the clock (skipped): read with the offset before the jump.
  return new Date(matches[0] ?? wall - before);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall-clock date ('yyyy-MM-dd') and time ('HH:mm:ss') of an instant in a zone. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = new TZDate(instant, timeZone);
  return {
    date: `${pad(wall.getFullYear(), 4)}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`,
    time: `${pad(wall.getHours())}:${pad(wall.getMinutes())}:${pad(wall.getSeconds())}`,
  };
}
