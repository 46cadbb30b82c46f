// Calendar arithmetic the plans need, independent of the server's own time zone. Berlin's business days are
// business-day.ts's, every zone's wall clock zoned-time.ts's.

/** A day of 24 hours in milliseconds (intervals counted in elapsed time, not calendar days). */
export const DAY_MS = 86_400_000;

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
