import type { CalendarFeed } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedQuery, createCalendarFeed, revokeCalendarFeed } from './calendarFeedApi.ts';

// The calendar feed writes. The cache keeps the feed without its address: the address exists in clear only
// in the answer of POST, which the screen keeps while it is open.

export const calendarFeedMutationKeys = {
  create: ['calendar-feed', 'create'],
  revoke: ['calendar-feed', 'revoke'],
} as const;

/** POST /v1/calendar/feed: a new address (the old one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: calendarFeedMutationKeys.create,
    mutationFn: createCalendarFeed,
    onSuccess: (answer) =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedQuery.queryKey, { ...answer, url: null }),
  });
}

/** DELETE /v1/calendar/feed. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: calendarFeedMutationKeys.revoke,
    mutationFn: revokeCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedQuery.queryKey, {
        exists: false,
        created_at: null,
        url: null,
      }),
  });
}
