import type { CalendarFeed } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The private calendar feed of the user's appointments (GET/POST/DELETE /v1/calendar/feed). Its secret
// address is answered once, by POST; GET only tells whether one exists.

export const calendarFeedQuery = queryOptions({
  queryKey: ['calendar-feed'] as const,
  queryFn: ({ signal }) => apiFetch<CalendarFeed>(apiPaths.calendarFeed, { signal }),
});

/** Makes a feed address, replacing (and so disabling) any earlier one. */
export function createCalendarFeed() {
  return apiFetch<CalendarFeed>(apiPaths.calendarFeed, { method: 'POST' });
}

/** The address stops working at once (204). */
export function revokeCalendarFeed() {
  return apiFetch<void>(apiPaths.calendarFeed, { method: 'DELETE' });
}

/** The same address for calendar apps that open webcal: links (Apple Calendar, Outlook). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
