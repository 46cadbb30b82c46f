import type { CreateAppointmentInput, UpdateAppointmentInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isReportable, reportClientError } from '../../../lib/log.ts';
import {
  appointmentsKey,
  createAppointment,
  deleteAppointment,
  updateAppointment,
} from './appointmentsApi.ts';

// Saving or deleting refreshes the lists (spec 1 section 4): the one on screen refetches at once, the other
// one when it is next shown. Failed saves are reported (spec 1 section 7: "failed saves are only logged").

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentsKey });
}

function report(what: string) {
  return (error: unknown) => {
    if (isReportable(error)) reportClientError(what, error);
  };
}

export function useCreateAppointment() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ petId, body }: { petId: string; body: CreateAppointmentInput }) =>
      createAppointment(petId, body),
    onSuccess: refresh,
    onError: report('appointment create failed'),
  });
}

export function useUpdateAppointment(appointmentId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: UpdateAppointmentInput) => updateAppointment(appointmentId, body),
    onSuccess: refresh,
    onError: report('appointment update failed'),
  });
}

export function useDeleteAppointment(appointmentId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: () => deleteAppointment(appointmentId),
    onSuccess: refresh,
    onError: report('appointment delete failed'),
  });
}
