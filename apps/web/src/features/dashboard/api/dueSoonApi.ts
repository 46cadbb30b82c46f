import type { DueSoonItem } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The dashboard's own call (features import nothing from each other). Its key starts with 'medical', the
// prefix features/medical invalidates after every save or delete, so the card follows those changes.

/**
 * GET /v1/medical/duesoon?time_zone=: vaccinations and dewormings due soon or overdue, soonest first. Read as
 * the server's response schema guarantees it, not parsed again: the card only shows it, and a schema here
 * would bring zod to the dashboard, the page a phone opens most (issue 46).
 */
export function dueSoonQuery(timeZone: string | undefined) {
  return queryOptions({
    queryKey: ['medical', 'dueSoon', timeZone ?? ''] as const,
    queryFn: ({ signal }) =>
      apiFetch<DueSoonItem[]>(apiPaths.medicalDueSoon, { query: { time_zone: timeZone }, signal }),
  });
}
