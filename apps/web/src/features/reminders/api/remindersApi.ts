import type { DoseTimesInput, PetReminders, ReminderOptInInput } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The household's reminders of a pet (issue 49): its dose times (the owner sets them) and the user's own
// opt-in to its reminder mails. Both writes answer the new state, which replaces the read's.

export const remindersKey = ['reminders'] as const;

/** GET /v1/reminders?pet_id= */
export function remindersQuery(petId: string) {
  return queryOptions({
    queryKey: [...remindersKey, petId] as const,
    queryFn: ({ signal }) => apiFetch<PetReminders>(apiPaths.reminders, { query: { pet_id: petId }, signal }),
  });
}

function useSaveReminders<T>(petId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...remindersKey, path],
    mutationFn: (body: T) => apiFetch<PetReminders>(path, { method: 'PUT', query: { pet_id: petId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(remindersQuery(petId).queryKey, saved),
  });
}

/** PUT /v1/reminders/dose-times?pet_id= (the owner). */
export const useSaveDoseTimes = (petId: string) =>
  useSaveReminders<DoseTimesInput>(petId, apiPaths.reminderDoseTimes);

/** PUT /v1/reminders/opt-in?pet_id= (the user, for themselves). */
export const useSaveOptIn = (petId: string) =>
  useSaveReminders<ReminderOptInInput>(petId, apiPaths.reminderOptIn);
