import type { MedicalBody, MedicalType } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMedical, deleteMedical, medicalKey, updateMedical } from './medicalApi.ts';

// A save or a delete refreshes the pet's records (overview counts and lists alike) and the dashboard's "due
// soon" card, which reads the same records. A failed write is reported once, by the query client's
// MutationCache.

export const medicalMutationKeys = {
  create: ['medical', 'create'],
  update: ['medical', 'update'],
  remove: ['medical', 'delete'],
} as const;

/** The dashboard's due-soon list (features/dashboard/api/dueSoonApi.ts) lives under this key too. */
function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: medicalKey });
}

export function useCreateMedical<T extends MedicalType>(type: T, petId: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationKey: medicalMutationKeys.create,
    mutationFn: (body: MedicalBody<T>) => createMedical(type, petId, body),
    onSuccess: refresh,
  });
}

export function useUpdateMedical<T extends MedicalType>(type: T, medId: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationKey: medicalMutationKeys.update,
    mutationFn: (body: MedicalBody<T>) => updateMedical(type, medId, body),
    onSuccess: refresh,
  });
}

export function useDeleteMedical(medId: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationKey: medicalMutationKeys.remove,
    mutationFn: () => deleteMedical(medId),
    onSuccess: refresh,
  });
}
