import { nextTermStartDay, termLastDay } from '@pet/shared';
import { formatDate } from '../../../lib/dates.ts';

// A term's end instant (unix seconds, as myinfo and the cancel calls carry it) as the days the pages show
// (spec 2 section 9): the last day it covers, and the day a renewal or a downgrade starts.

/** dd.MM.yyyy of the term's last day, or '' without an end. */
export function lastDayLabel(endUnixSeconds: number | null | undefined): string {
  return typeof endUnixSeconds === 'number' ? formatDate(termLastDay(endUnixSeconds)) : '';
}

/** dd.MM.yyyy of the day the next term starts, or '' without an end. */
export function nextTermLabel(endUnixSeconds: number | null | undefined): string {
  return typeof endUnixSeconds === 'number' ? formatDate(nextTermStartDay(endUnixSeconds)) : '';
}
