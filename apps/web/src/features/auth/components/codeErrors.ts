import type { ErrorTextKey } from '@pet/shared/errors';
import { textKeyForError } from '@pet/shared/text-key-for-error';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { codeRefusal } from '../../../lib/codeRefusal.ts';
import { errorTextKey } from '../../../lib/errors.ts';

// The answers of POST /v1/auth/verifycode on the register screen (spec 1 section 8, Registration), as the
// messages under the code and tracker fields.

export interface CodeCheckErrors {
  code?: ErrorTextKey;
  tracker?: ErrorTextKey;
  /** Show the customer-service text with the support e-mail link. */
  support?: boolean;
  /** A message for no single field (server down, too many requests). */
  general?: ErrorTextKey;
}

export function codeCheckErrors(error: unknown, requiresTracker: boolean): CodeCheckErrors {
  if (!(error instanceof ApiError)) return { general: errorTextKey(error) };
  const refusal = codeRefusal(error);
  if (refusal) return refusal;
  switch (error.status) {
    case 400:
      return requiresTracker
        ? { code: 'Invalid_Code_Text', tracker: 'Invalid_Tracker_Id_Text' }
        : { code: 'Invalid_Code_Text' };
    case 409:
      return { tracker: 'GPS_Tracker_Already_Exist' };
    default:
      return {
        general: textKeyForError({ status: error.status, message: error.message, context: 'registration' }),
      };
  }
}

/** What the sign-up answer means for the register form (spec 1 section 8). */
export function signUpErrorKey(error: unknown, signupClosed: boolean): ErrorTextKey {
  if (!(error instanceof ApiError)) return 'Signup_Failed_Text';
  if (error.status === 403 && signupClosed) return 'PrimePet_Merging_Services';
  if (error.status === 409)
    return textKeyForError({ status: 409, message: error.message, context: 'registration' });
  if (error.status === 0 || error.status === 502 || error.status === 429) return errorTextKey(error);
  if ([400, 433, 470, 476, 477, 478].includes(error.status)) {
    return textKeyForError({ status: error.status, message: error.message, context: 'registration' });
  }
  return 'Signup_Failed_Text';
}
