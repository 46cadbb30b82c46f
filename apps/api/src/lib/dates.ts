import { tzOffset } from '@date-fns/tz';

// Calendar arithmetic the plans need, independent of the server's own time zone.

/** The business day code validity windows are read in: the partners are German. */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

/** A day of 24 hours in milliseconds (intervals counted in elapsed time, not calendar days). */
export const DAY_MS = 86_400_000;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of `now` in Berlin (comparable as a string with `date` columns). */
export function businessDay(now: Date): string {
  return dayFormat.format(now);
}

/** `date` plus whole calendar months (UTC), the day clamped to the target month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A real calendar day in YYYY-MM-DD form. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * The first instant of a Berlin calendar day (YYYY-MM-DD). Berlin changes its offset at 01:00 UTC, never
 * between its midnight and the UTC midnight that follows, so the offset read at UTC midnight is midnight's.
 */
export function businessDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - tzOffset(BUSINESS_TIME_ZONE, utcMidnight) * 60_000);
}

/** The last instant (to the millisecond) of a Berlin calendar day: an inclusive end of a window. */
export function businessDayEnd(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(businessDayStart(next.toISOString().slice(0, 10)).getTime() - 1);
}
