import type { ErrorTextKey } from '@pet/shared/errors';
import { errorTextKey } from '../../../lib/errors.ts';

// A failed save says what failed (spec 1 section 8: "appointment upload failed", "Oops! Update Failed")
// and, when the answer tells more (no connection, server down, pet gone), why.

const UNSPECIFIC: ReadonlySet<ErrorTextKey> = new Set<ErrorTextKey>([
  'Something_Went_Wrong',
  'Bad_Request_Text',
  'Failure_Call_Text',
]);

export interface SaveFailure {
  /** What failed: the add or the edit text. */
  summary: ErrorTextKey;
  /** Why, when the catalogue knows more than the summary. */
  reason: ErrorTextKey | null;
}

export function saveFailure(error: unknown, action: 'create' | 'update' | 'delete'): SaveFailure {
  const key = errorTextKey(error);
  return {
    summary: action === 'create' ? 'Appointment_Upload_Failed' : 'Update_Failed_Text',
    reason: UNSPECIFIC.has(key) ? null : key,
  };
}
