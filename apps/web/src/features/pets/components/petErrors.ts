import type { ErrorTextKey } from '@pet/shared/errors';
import { errorTextKey } from '../../../lib/errors.ts';

/** Adding a pet without a connection has its own message (spec 1 section 8). */
export function addPetErrorKey(error: unknown): ErrorTextKey {
  const key = errorTextKey(error);
  return key === 'No_Internet_Text' ? 'Cannot_Add_Pet_Offline' : key;
}

/** A failed save shows the catalogue's text for its status, or "Oops! Update failed" when nothing fits. */
export function savePetErrorKey(error: unknown): ErrorTextKey {
  const key = errorTextKey(error);
  return key === 'Something_Went_Wrong' || key === 'Bad_Request_Text' ? 'Update_Failed_Text' : key;
}
