import type { CreateAppointmentInput, UpdateAppointmentInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appointmentsKey,
  createAppointment,
  deleteAppointment,
  updateAppointment,
} from './appointmentsApi.ts';

// Saving or deleting refreshes the lists (spec 1 section 4): the one on screen refetches at once, the other
// one when it is next shown. A failed save is reported once, by the query client's MutationCache (spec 1
// section 7: "failed saves are only logged").

export const appointmentMutationKeys = {
  create: ['appointments', 'create'],
  update: ['appointments', 'update'],
  remove: ['appointments', 'delete'],
} as const;

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentsKey });
}

export function useCreateAppointment() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: appointmentMutationKeys.create,
    mutationFn: ({ petId, body }: { petId: string; body: CreateAppointmentInput }) =>
      createAppointment(petId, body),
    onSuccess: refresh,
  });
}

export function useUpdateAppointment(appointmentId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: appointmentMutationKeys.update,
    mutationFn: (body: UpdateAppointmentInput) => updateAppointment(appointmentId, body),
    onSuccess: refresh,
  });
}

export function useDeleteAppointment(appointmentId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: appointmentMutationKeys.remove,
    mutationFn: () => deleteAppointment(appointmentId),
    onSuccess: refresh,
  });
}
