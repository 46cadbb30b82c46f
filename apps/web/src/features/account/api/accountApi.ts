import type { MyInfo } from '@pet/shared';
import type { Language } from '@pet/shared/constants';
import { apiPaths } from '@pet/shared/paths';
import { apiFetch } from '../../../lib/api/client.ts';

export interface ModifyAccountInput {
  name?: string;
  language?: Language;
  stay_loggedin?: boolean;
}

/** PUT /v1/auth/modify: name, language or stay_loggedin (spec 1 section 7). Answers the updated user. */
export function modifyAccount(body: ModifyAccountInput) {
  return apiFetch<MyInfo>(apiPaths.modifyAccount, { method: 'PUT', body });
}

export interface AddressInput {
  address_1: string | null;
  address_2: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}

/** PUT /v1/user/update?id=<user id>: the address fields of the settings page. Answers the updated user. */
export function updateAddress(userId: string, body: AddressInput) {
  return apiFetch<MyInfo>(apiPaths.updateUser, { method: 'PUT', query: { id: userId }, body });
}
