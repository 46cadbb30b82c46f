import type { ChangePasswordRequest, ModifyAccountInput, MyInfo, UserAddressInput } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { apiFetch } from '../../../lib/api/client.ts';

/** PUT /v1/auth/modify: name, language or stay_loggedin (spec 1 section 7). Answers the updated user. */
export function modifyAccount(body: ModifyAccountInput) {
  return apiFetch<MyInfo>(apiPaths.modifyAccount, { method: 'PUT', body });
}

/** PUT /v1/user/update?id=<user id>: the address fields of the settings page. Answers the updated user. */
export function updateAddress(userId: string, body: UserAddressInput) {
  return apiFetch<MyInfo>(apiPaths.updateUser, { method: 'PUT', query: { id: userId }, body });
}

/** POST /v1/auth/password/change: the old password re-authenticates; every other session of the user ends. */
export function changePassword(body: ChangePasswordRequest) {
  return apiFetch<{ message: string }>(apiPaths.passwordChange, { method: 'POST', body });
}
