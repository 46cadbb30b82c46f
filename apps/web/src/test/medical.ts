import type { MedicalRecord } from '@pet/shared';
import { fakePet } from './pets.ts';

// Medical records as the API answers them, for the screens that show them (medical data, a share link's page).

/** A record as POST and PUT answer it; every field a category does not use is null. */
export function fakeRecord(overrides: Partial<MedicalRecord> = {}): MedicalRecord {
  return {
    id: 'med-1',
    pet_id: fakePet().id,
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
    job_id: null,
    user_id: 'u1',
    ...overrides,
  };
}
