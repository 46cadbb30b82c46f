import { type MedicalListItem, type MedicalRecord, toMedicalListItem } from '@pet/shared';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { fakeRecord } from '../../../test/medical.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE } from '../../../test/plans.ts';

// Test data of the medical screens, shaped as the API answers it.

export { fakeRecord };

export const BELLO = fakePet();
export const PET_URL = `/pet-details/Bello/${BELLO.id}/medical-data`;

/** A list item of GET /v1/medical/mypetmedicals (every name with the `medical_` prefix). */
export function fakeItem(overrides: Partial<MedicalRecord> = {}): MedicalListItem {
  return toMedicalListItem(fakeRecord(overrides));
}

/** myinfo of a user whose plan includes medical data (Basic). */
export function meWithMedical() {
  return fakeMyInfo({ product: BASIC, pets: [{ id: BELLO.id, name: BELLO.name }] });
}

/** myinfo of a user on the free plan: no medical data. */
export function meOnFreePlan() {
  return fakeMyInfo({ product: FREE, pets: [{ id: BELLO.id, name: BELLO.name }] });
}
