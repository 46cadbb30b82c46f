import { addDaysIso, isoToDisplayDate } from '@pet/shared/domain/dates';

// The dose log's days on the browser's calendar: the server's doses carry their day as dd.MM.yyyy; pages are
// weeks counted back from today.

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
