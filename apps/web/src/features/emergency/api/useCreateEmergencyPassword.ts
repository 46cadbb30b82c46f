import type { EmergencyInfo } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createEmergencyPassword, emergencyInfoQueryKey } from './emergencyApi.ts';

/** Makes (or replaces) the personal emergency password and shows it at once, then rereads the info. */
export function useCreateEmergencyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmergencyPassword,
    onSuccess: async (password) => {
      queryClient.setQueryData<EmergencyInfo>(emergencyInfoQueryKey, (info) =>
        info ? { ...info, password, password_source: 'personal' } : info,
      );
      await queryClient.invalidateQueries({ queryKey: emergencyInfoQueryKey });
    },
  });
}
