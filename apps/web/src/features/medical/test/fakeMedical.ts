import { type MedicalListItem, type MedicalRecord, toMedicalListItem } from '@pet/shared';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE } from '../../../test/plans.ts';

// Test data of the medical screens, shaped as the API answers it.

export const BELLO = fakePet();
export const PET_URL = `/pet-details/Bello/${BELLO.id}/medical-data`;

/** A record as POST and PUT answer it; every field a category does not use is null. */
export function fakeRecord(overrides: Partial<MedicalRecord> = {}): MedicalRecord {
  return {
    id: 'med-1',
    pet_id: BELLO.id,
    medical_type: 'allergy',
    name: 'Pollen',
    date: null,
    known_since: null,
    still_acute: null,
    executing_person: null,
    executing_organization: null,
    comments: null,
    surgery_type: null,
    manufacturer: null,
    prescription: null,
    in_use: null,
    taking_schedule: [],
    reason: null,
    dosage: null,
    pharma_central_number: null,
    taking_from: null,
    taking_to: null,
    batch_number: null,
    next_due_date: null,
    reminder_days_before: null,
    reminder_time_zone: null,
    reminder_at: null,
    reminder_sent_at: null,
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

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
