import type { DeleteAccountResponse } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

/** DELETE /v1/auth/deleteuseracc?user_id=: the account is erased at the next sign-out (or within 24 hours). */
export function deleteAccount(userId: string) {
  return apiFetch<DeleteAccountResponse>(apiPaths.deleteAccount, {
    method: 'DELETE',
    query: { user_id: userId },
  });
}

/** The request only; the screen signs out on its OK, which erases the account at once. */
export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationKey: ['account', 'delete'],
    mutationFn: () => deleteAccount(userId),
  });
}
