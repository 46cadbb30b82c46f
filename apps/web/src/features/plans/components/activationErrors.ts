import { type ErrorTextKey, isErrorTextKey } from '@pet/shared/errors';
import { textKeyForError } from '@pet/shared/text-key-for-error';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { codeRefusal } from '../../../lib/codeRefusal.ts';
import { errorTextKey } from '../../../lib/errors.ts';

// The answers of POST /v1/subscription/change/apply (spec 2 section 8, Activation code errors), as the
// messages under the code and tracker fields of the activate-product form.

export interface ActivationErrors {
  code?: ErrorTextKey;
  tracker?: ErrorTextKey;
  /** Show the customer-service text with the support e-mail link (wrong or expired code). */
  support?: boolean;
  /** A message for no single field (no content, server down, too many requests). */
  general?: ErrorTextKey;
}

/** The 400's own field message when it names a known text key, else the default. */
function fieldKey(fields: Record<string, string>, names: string[], fallback: ErrorTextKey): ErrorTextKey {
  for (const name of names) {
    const value = fields[name];
    if (isErrorTextKey(value)) return value;
  }
  return fallback;
}

/** `trackerShown`: the form has a tracker field (tier-fritz users without a registered tracker). */
export function activationErrors(error: unknown, trackerShown: boolean): ActivationErrors {
  if (!(error instanceof ApiError)) return { general: errorTextKey(error, 'activation') };
  const refusal = codeRefusal(error);
  if (refusal) return refusal;
  switch (error.status) {
    case 471:
      return { code: 'Product_Not_Attached_Text' };
    case 400: {
      const code = fieldKey(error.fields, ['activation_code', 'emergency_code', 'code'], 'Invalid_Code_Text');
      if (!trackerShown) return { code };
      const tracker = fieldKey(
        error.fields,
        ['tracker_ids', 'tracker_ids.0', 'gps_tracker_id'],
        'Invalid_Tracker_Id_Text',
      );
      return { code, tracker };
    }
    case 409:
      return trackerShown
        ? { tracker: 'GPS_Tracker_Already_Exist' }
        : { general: 'GPS_Tracker_Already_Exist' };
    case 204:
      return { general: 'No_Content_Tex' };
    default:
      return {
        general:
          error.status === 0
            ? errorTextKey(error, 'activation')
            : textKeyForError({ status: error.status, message: error.message, context: 'activation' }),
      };
  }
}
