import type { DueSoonItem } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The dashboard's own call (features import nothing from each other). Its key starts with 'medical', the
// prefix features/medical invalidates after every save or delete, so the card follows those changes.

/** GET /v1/medical/duesoon?time_zone=: vaccinations and dewormings due soon or overdue, soonest first. */
export function dueSoonQuery(timeZone: string | undefined) {
  return queryOptions({
    queryKey: ['medical', 'dueSoon', timeZone ?? ''] as const,
    // The answer's schema comes with the answer, not with the page (issue 46): both are asked for at once.
    queryFn: async ({ signal }): Promise<DueSoonItem[]> => {
      const [answer, { dueSoonListSchema }] = await Promise.all([
        apiFetch<unknown>(apiPaths.medicalDueSoon, { query: { time_zone: timeZone }, signal }),
        import('@pet/shared/schemas/medical'),
      ]);
      return dueSoonListSchema.parse(answer);
    },
  });
}
