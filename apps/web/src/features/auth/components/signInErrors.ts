import type { ErrorTextKey } from '@pet/shared/errors';
import { ApiError } from '../../../lib/api/ApiError.ts';

// Spec 1 section 8, sign-in: what the user sees for each answer of the sign-in service.

export type SignInFailure = { kind: 'unverified' } | { kind: 'message'; key: ErrorTextKey };

const WRONG_CREDENTIALS = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_CREDENTIALS',
  'INVALID_PASSWORD',
  'INVALID_EMAIL',
  'USER_NOT_FOUND',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
]);

export function signInFailure(error: unknown): SignInFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', key: 'Signin_Failed_Text' };
  const code = error.code.toUpperCase();
  if (error.status === 429) return { kind: 'message', key: 'Too_Many_Requests_Text' };
  if (code === 'EMAIL_NOT_VERIFIED') return { kind: 'unverified' };
  if (code === 'BANNED_USER' || code === 'ACCESS_REVOKED' || /banned/i.test(error.message)) {
    return { kind: 'message', key: 'Access_Revoked_Text' };
  }
  // The account's deletion was requested (issue 15): refused until it is erased.
  if (code === 'ACCOUNT_DELETION_PENDING') return { kind: 'message', key: 'Account_Deletion_Pending_Text' };
  if (WRONG_CREDENTIALS.has(code) || error.status === 401) {
    return { kind: 'message', key: 'Incorrect_Email_Or_Password' };
  }
  return { kind: 'message', key: 'Signin_Failed_Text' };
}
