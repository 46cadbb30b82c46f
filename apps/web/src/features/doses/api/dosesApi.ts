import type { Dose, DoseKey, PetDoses } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The dose log's calls (issue 49): a pet's doses of a week, today's doses of every pet (the dashboard), a
// check-off and its undo. Every read lives under one key prefix, which each write refreshes. Read as the
// server's response schema guarantees it (no zod on the dashboard, the page a phone opens most: issue 46).

export const dosesKey = ['doses'] as const;

/** GET /v1/dose?pet_id=&date=&days=: the pet's doses of `days` days ending with `date`, newest day first. */
export function petDosesQuery(petId: string, lastDay: string, days: number) {
  return queryOptions({
    queryKey: [...dosesKey, 'pet', petId, lastDay, days] as const,
    queryFn: ({ signal }) =>
      apiFetch<Dose[]>(apiPaths.doses, { query: { pet_id: petId, date: lastDay, days }, signal }),
    // The week shown stays while the next one loads: the log does not jump.
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/dose/today?time_zone=: today's doses of every pet the user reaches, per pet. */
export function todaysDosesQuery(timeZone: string | undefined) {
  return queryOptions({
    queryKey: [...dosesKey, 'today', timeZone ?? ''] as const,
    queryFn: ({ signal }) =>
      apiFetch<PetDoses[]>(apiPaths.dosesToday, { query: { time_zone: timeZone }, signal }),
  });
}

/** POST /v1/dose/check (201): the dose, given by the user now. */
export function checkDose(key: DoseKey) {
  return apiFetch<Dose>(apiPaths.doseCheck, { method: 'POST', body: key });
}

/** DELETE /v1/dose/check?medication_id=&date=&slot= (204): the user's own check-off, undone. */
export function undoDose(key: DoseKey) {
  return apiFetch<void>(apiPaths.doseCheck, { method: 'DELETE', query: { ...key } });
}
