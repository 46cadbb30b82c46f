// Wall-clock date and time in an IANA zone -> the instant, without a date library: the zone's offset is read
// from Intl for a first guess and checked again at the guess, which settles every day that has a DST change.
// A time that does not exist (the hour skipped in spring) lands one hour later, as clocks show it; a time that
// exists twice (autumn) is the first of the two.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const parts = formatFor(timeZone).formatToParts(new Date(whole));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - whole;
}

const DAY_MS = 86_400_000;

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

/** The wall-clock date ('yyyy-MM-dd') and time ('HH:mm:ss') of an instant in a zone. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = formatFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}
