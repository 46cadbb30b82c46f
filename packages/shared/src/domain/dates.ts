// The dates domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/dates.ts.

const DISPLAY_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

// Seconds are optional: forms send HH:mm, API clients (and tests) may be precise to the second.
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

// IANA names only ("Europe/Berlin", "UTC"): Intl also accepts offsets such as "+01:00", which change with
// no daylight-saving rules and are not what a browser reports.
const ZONE_NAME = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+)*$/;

/** 'dd.MM.yyyy' -> 'yyyy-MM-dd', or null when it is not a real calendar date (31.02., month 13). */
export function displayDateToIso(value: string): string | null {
  const match = DISPLAY_DATE.exec(value);
  if (!match) return null;
  const [, dd = '', mm = '', yyyy = ''] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${yyyy}-${mm}-${dd}`;
}

/** 'yyyy-MM-dd' -> 'dd.MM.yyyy'. */
export function isoToDisplayDate(iso: string): string {
  // Slices, not a split: the pet list converts a dozen dates per pet on every read.
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** 'HH:mm' or 'HH:mm:ss' -> 'HH:mm:ss', or null. */
export function normalizeTime(value: string): string | null {
  const match = TIME.exec(value);
  if (!match) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

/** A stored 'HH:mm:ss' as it travels: 'HH:mm', with seconds only when there are any. */
export function displayTime(value: string): string {
  const [hh = '00', mm = '00', ss = '00'] = value.split(':');
  return ss.startsWith('00') ? `${hh}:${mm}` : `${hh}:${mm}:${ss.slice(0, 2)}`;
}

/** An IANA zone's shape ("Europe/Berlin", "UTC"), not an offset ("+01:00"); not whether the zone exists. */
export function isZoneName(value: string): boolean {
  return ZONE_NAME.test(value);
}

export function isValidTimeZone(value: string): boolean {
  if (!isZoneName(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Making a DateTimeFormat costs far more than using one; there are a few hundred zones at most.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date ('yyyy-MM-dd') in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** 'yyyy-MM-dd' plus a number of calendar days (negative goes back); months and leap years roll over. */
export function addDaysIso(iso: string, days: number): string {
  const [yyyy = 0, mm = 1, dd = 1] = iso.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(yyyy, mm - 1, dd + days)).toISOString().slice(0, 10);
}

/**
 * The calendar date `days` from today in a time zone, as it travels ('dd.MM.yyyy'); `iso: true` gives
 * 'yyyy-MM-dd'. The zone is explicit because "today" differs around the globe: a test that means the
 * server's UTC day, the browser's day or an appointment's zone says which.
 */
export function daysFromToday(
  days: number,
  { timeZone, iso = false, now = new Date() }: { timeZone: string; iso?: boolean; now?: Date },
): string {
  const date = addDaysIso(todayIn(timeZone, now), days);
  return iso ? date : isoToDisplayDate(date);
}

/**
 * Bounds of "today" anywhere on earth (UTC+14 and UTC-12): a rule without a time zone at hand (a date of birth
 * "not after today") must not refuse a date that is already today for the user. The server checks
 * appointment dates exactly, in the appointment's own zone.
 */
export const latestToday = (now: Date = new Date()) => todayIn('Etc/GMT-14', now);

export const earliestToday = (now: Date = new Date()) => todayIn('Etc/GMT+12', now);

/** True when a dd.MM.yyyy date is not after today (for the user, wherever they are). */
export function notAfterToday(value: string | null): boolean {
  const iso = value === null ? null : displayDateToIso(value);
  return iso === null || iso <= latestToday();
}

/** True when a dd.MM.yyyy date is not before today (for the user, wherever they are). */
export function notBeforeToday(value: string | null): boolean {
  const iso = value === null ? null : displayDateToIso(value);
  return iso === null || iso >= earliestToday();
}
