import type { MedicalType } from '@pet/shared';
import { displayDate } from './pets.ts';

// Medical record bodies for API tests: one per category that passes every rule, with every field set.

const BODIES: Record<MedicalType, () => Record<string, unknown>> = {
  allergy: () => ({
    medical_type: 'allergy',
    name: 'Pollen',
    date: displayDate(-30),
    known_since: displayDate(-400),
    still_acute: true,
    executing_person: 'Dr. Vet',
    comments: 'sneezes in spring',
  }),
  disease: () => ({
    medical_type: 'disease',
    name: 'Otitis',
    date: displayDate(-20),
    known_since: displayDate(-60),
    still_acute: false,
    executing_person: 'Dr. Vet',
    executing_organization: 'Tierklinik Mitte',
    comments: 'left ear',
  }),
  intervention: () => ({
    medical_type: 'intervention',
    name: 'Castration',
    date: displayDate(-100),
    surgery_type: 'Surgery',
    executing_person: 'Dr. Vet',
    executing_organization: 'Tierklinik Mitte',
    comments: 'no complications',
  }),
  medication: () => ({
    medical_type: 'medication',
    name: 'Apoquel',
    date: displayDate(-10),
    manufacturer: 'Zoetis',
    still_acute: true,
    executing_person: 'Dr. Vet',
    executing_organization: 'Tierklinik Mitte',
    prescription: true,
    in_use: true,
    taking_schedule: [2, 0],
    reason: 'itching',
    dosage: '16 mg',
    pharma_central_number: '12345678',
    taking_from: displayDate(-10),
    taking_to: displayDate(20),
    comments: 'with food',
  }),
  vaccination: () => ({
    medical_type: 'vaccination',
    name: 'Rabies',
    date: displayDate(-300),
    next_due_date: displayDate(65),
    executing_person: 'Dr. Vet',
    batch_number: 'RB-2024-17',
    comments: 'no reaction',
    reminder_days_before: 14,
    reminder_time_zone: 'Europe/Berlin',
  }),
  deworming: () => ({
    medical_type: 'deworming',
    name: 'Milbemax',
    date: displayDate(-60),
    next_due_date: displayDate(30),
    executing_person: 'Dr. Vet',
    batch_number: 'MX-9',
    comments: 'half a tablet',
    reminder_days_before: 7,
    reminder_time_zone: 'Europe/Berlin',
  }),
};

/** A body of the category that passes every rule (dates relative to today, UTC), with `extra` over it. */
export function medicalBody(type: MedicalType, extra: object = {}): Record<string, unknown> {
  return { ...BODIES[type](), ...extra };
}
