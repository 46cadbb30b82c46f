import { isoToDisplayDate } from '@pet/shared';
import { instantToZoned, zonedToInstant } from './zoned-time.ts';

// The business's calendar days, Berlin's (the partners and the invoices are German): a code's validity window,
// an order's and an invoice's dates, a renewal's retry day. Read through zoned-time.ts (@date-fns/tz), as
// every zone of the API is.

export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

/** YYYY-MM-DD of `now` in Berlin (comparable as a string with `date` columns). */
export function businessDay(now: Date): string {
  return instantToZoned(now, BUSINESS_TIME_ZONE).date;
}

/** dd.MM.yyyy of an instant's Berlin day: how the API's answers and the invoices write a business date. */
export function businessDisplayDay(instant: Date): string {
  return isoToDisplayDate(businessDay(instant));
}

/** The first instant of a Berlin calendar day (YYYY-MM-DD): its midnight always exists there. */
export function businessDayStart(day: string): Date {
  return zonedToInstant(day, '00:00', BUSINESS_TIME_ZONE);
}

/** The last instant (to the millisecond) of a Berlin calendar day: an inclusive end of a window. */
export function businessDayEnd(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(businessDayStart(next.toISOString().slice(0, 10)).getTime() - 1);
}
