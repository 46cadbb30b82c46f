import type { ErrorTextKey } from '@pet/shared/errors';
import { errorTextKey } from '../../../lib/errors.ts';

/** A failed save shows the catalogue's text for its status, or "Oops! Update failed" when nothing fits. */
export function saveErrorKey(error: unknown): ErrorTextKey {
  const key = errorTextKey(error);
  return key === 'Something_Went_Wrong' || key === 'Bad_Request_Text' ? 'Update_Failed_Text' : key;
}
