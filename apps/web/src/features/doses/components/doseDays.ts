import { addDaysIso, isoToDisplayDate } from '@pet/shared/domain/dates';

// The dose log's days on the browser's calendar: the server's doses carry their day as dd.MM.yyyy; pages are
// weeks counted back from today.

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Today on the browser's calendar, yyyy-MM-dd. */
export function localTodayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** The last day (dd.MM.yyyy) of the log's page `page` (0: the week before today, 1: the one before that). */
export function lastDayOfLogPage(todayIso: string, page: number, daysPerPage: number): string {
  return isoToDisplayDate(addDaysIso(todayIso, -1 - page * daysPerPage));
}

/** The page's days, newest first (dd.MM.yyyy). */
export function daysOfLogPage(todayIso: string, page: number, daysPerPage: number): string[] {
  return Array.from({ length: daysPerPage }, (_, back) =>
    isoToDisplayDate(addDaysIso(todayIso, -1 - page * daysPerPage - back)),
  );
}
