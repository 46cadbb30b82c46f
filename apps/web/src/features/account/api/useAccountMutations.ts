import type { ChangePasswordRequest, UserAddressInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { changePassword, modifyAccount, updateAddress } from './accountApi.ts';

// The account writes of the profile and settings pages. Each hook owns its request and what myinfo does
// after it; a failure is reported once, by the query client's MutationCache. Screens add what the user sees.

export const accountMutationKeys = {
  name: ['account', 'name'],
  address: ['account', 'address'],
  stayLoggedIn: ['account', 'stay-logged-in'],
  password: ['account', 'password'],
} as const;

/** PUT /v1/auth/modify {name}: myinfo takes the answer (or the name, when the answer carries none). */
export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountMutationKeys.name,
    mutationFn: (name: string) => modifyAccount({ name }),
    onSuccess: (answer, name) => updateMyInfo(queryClient, answer ?? { name }),
  });
}

/** PUT /v1/user/update?id=: the address fields of the settings page. */
export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountMutationKeys.address,
    mutationFn: (address: UserAddressInput) => updateAddress(userId, address),
    onSuccess: (answer, address) => updateMyInfo(queryClient, answer ?? address),
  });
}

/** PUT /v1/auth/modify {stay_loggedin}: shown at once, switched back if saving fails. */
export function useSaveStayLoggedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountMutationKeys.stayLoggedIn,
    mutationFn: (stay: boolean) => modifyAccount({ stay_loggedin: stay }),
    onMutate: (stay) => updateMyInfo(queryClient, { stay_loggedin: stay }),
    onError: (_error, stay) => updateMyInfo(queryClient, { stay_loggedin: !stay }),
  });
}

/** POST /v1/auth/password/change: this session stays, so nothing cached changes. */
export function useChangePassword() {
  return useMutation({
    mutationKey: accountMutationKeys.password,
    mutationFn: (body: ChangePasswordRequest) => changePassword(body),
  });
}
