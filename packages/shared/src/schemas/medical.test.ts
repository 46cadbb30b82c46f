import { describe, expect, it } from 'vitest';
import { daysFromToday } from '../domain/dates.ts';
import { DUE_TYPES, isDueType, MEDICAL_TYPES } from '../domain/medical.ts';
import {
  allergyBodySchema,
  dewormingBodySchema,
  diseaseBodySchema,
  interventionBodySchema,
  type MedicalRecord,
  medicalBodySchemas,
  medicalListItemSchema,
  medicalRecordSchema,
  medicationBodySchema,
  toMedicalListItem,
  vaccinationBodySchema,
} from './medical.ts';

// The rules of medical records (spec document 2, sections 3 and 5; issue 10): one assertion per rule, with
// the field and the text key a form and the API show.

type Result = { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } };
const issue = (result: Result) => {
  const first = result.error?.issues[0];
  return first ? { field: first.path.join('.'), key: first.message } : undefined;
};
const day = (days: number) => daysFromToday(days, { timeZone: 'UTC' });

describe('medical body schemas', () => {
  it('name is required everywhere (Name_Error), trimmed, at most 100 characters', () => {
    for (const type of MEDICAL_TYPES) {
      const schema = medicalBodySchemas[type];
      expect(issue(schema.safeParse({})), type).toEqual({ field: 'name', key: 'Name_Error' });
      expect(issue(schema.safeParse({ name: '  ' })), type).toEqual({ field: 'name', key: 'Name_Error' });
      expect(issue(schema.safeParse({ name: 'x'.repeat(101) })), type).toEqual({
        field: 'name',
        key: 'Max_Length_Error',
      });
      expect(schema.parse({ name: '  Rabies ' }).name).toBe('Rabies');
    }
  });

  it('comments: at most 100 characters; blank is none', () => {
    for (const type of MEDICAL_TYPES) {
      const schema = medicalBodySchemas[type];
      expect(schema.parse({ name: 'a', comments: 'x'.repeat(100) }).comments).toHaveLength(100);
      expect(issue(schema.safeParse({ name: 'a', comments: 'x'.repeat(101) })), type).toEqual({
        field: 'comments',
        key: 'Max_Length_Error',
      });
      expect(schema.parse({ name: 'a', comments: ' ' }).comments).toBeNull();
    }
  });

  it('medical_type may be sent, and must then be the path’s category', () => {
    expect(allergyBodySchema.parse({ name: 'a', medical_type: 'allergy' }).medical_type).toBe('allergy');
    expect(allergyBodySchema.parse({ name: 'a' }).medical_type).toBeUndefined();
    expect(issue(allergyBodySchema.safeParse({ name: 'a', medical_type: 'disease' }))).toEqual({
      field: 'medical_type',
      key: 'Invalid_Value_Error',
    });
    expect(issue(vaccinationBodySchema.safeParse({ name: 'a', medical_type: 'deworming' }))).toEqual({
      field: 'medical_type',
      key: 'Invalid_Value_Error',
    });
  });

  it('dates are dd.MM.yyyy; known since and the day a shot was given are not after today', () => {
    expect(issue(allergyBodySchema.safeParse({ name: 'a', date: '2024-01-01' }))).toEqual({
      field: 'date',
      key: 'Date_Format_Error',
    });
    expect(issue(diseaseBodySchema.safeParse({ name: 'a', known_since: day(2) }))).toEqual({
      field: 'known_since',
      key: 'Date_In_Future_Error',
    });
    expect(issue(vaccinationBodySchema.safeParse({ name: 'a', date: day(2) }))).toEqual({
      field: 'date',
      key: 'Date_In_Future_Error',
    });
    // A planned intervention or a medication date may lie ahead.
    expect(interventionBodySchema.parse({ name: 'a', date: day(10) }).date).toBe(day(10));
  });

  it('yes/no fields are booleans or none; surgery type Surgery or Implant', () => {
    expect(allergyBodySchema.parse({ name: 'a', still_acute: false }).still_acute).toBe(false);
    expect(allergyBodySchema.parse({ name: 'a' }).still_acute).toBeNull();
    expect(issue(allergyBodySchema.safeParse({ name: 'a', still_acute: 'Yes' }))).toEqual({
      field: 'still_acute',
      key: 'Invalid_Value_Error',
    });
    expect(interventionBodySchema.parse({ name: 'a', surgery_type: 'Implant' }).surgery_type).toBe('Implant');
    expect(issue(interventionBodySchema.safeParse({ name: 'a', surgery_type: 'surgery' }))).toEqual({
      field: 'surgery_type',
      key: 'Invalid_Value_Error',
    });
  });

  it('taking schedule: mornings 0, noons 1, evenings 2, deduplicated and sorted; none is []', () => {
    expect(medicationBodySchema.parse({ name: 'a', taking_schedule: [2, 0, 2] }).taking_schedule).toEqual([
      0, 2,
    ]);
    expect(medicationBodySchema.parse({ name: 'a', taking_schedule: null }).taking_schedule).toEqual([]);
    expect(issue(medicationBodySchema.safeParse({ name: 'a', taking_schedule: [3] }))?.key).toBe(
      'Invalid_Value_Error',
    );
    expect(issue(medicationBodySchema.safeParse({ name: 'a', taking_schedule: '0' }))?.key).toBe(
      'Invalid_Value_Error',
    );
  });

  it('taking to may not lie before taking from (the same day is fine)', () => {
    expect(
      issue(
        medicationBodySchema.safeParse({ name: 'a', taking_from: '10.03.2024', taking_to: '09.03.2024' }),
      ),
    ).toEqual({ field: 'taking_to', key: 'Taking_To_Before_From_Error' });
    expect(
      medicationBodySchema.safeParse({ name: 'a', taking_from: '10.03.2024', taking_to: '10.03.2024' })
        .success,
    ).toBe(true);
    expect(medicationBodySchema.safeParse({ name: 'a', taking_to: '09.03.2024' }).success).toBe(true);
  });

  it('vaccination and deworming: next due not before the day given; a reminder needs a due date', () => {
    for (const schema of [vaccinationBodySchema, dewormingBodySchema]) {
      expect(issue(schema.safeParse({ name: 'a', date: '10.03.2024', next_due_date: '09.03.2024' }))).toEqual(
        {
          field: 'next_due_date',
          key: 'Next_Due_Before_Given_Error',
        },
      );
      expect(issue(schema.safeParse({ name: 'a', reminder_days_before: 14 }))).toEqual({
        field: 'next_due_date',
        key: 'Required_Error',
      });
      // Absent stays absent (the server's default applies), null is no reminder.
      expect(schema.parse({ name: 'a', next_due_date: day(30) }).reminder_days_before).toBeUndefined();
      expect(schema.parse({ name: 'a', reminder_days_before: null }).reminder_days_before).toBeNull();
    }
  });

  it('reminder days: whole days from 0 to 365; zone an IANA name', () => {
    const base = { name: 'a', next_due_date: day(30) };
    for (const days of [0, 14, 365]) {
      expect(vaccinationBodySchema.parse({ ...base, reminder_days_before: days }).reminder_days_before).toBe(
        days,
      );
    }
    for (const days of [-1, 366, 1.5, '14']) {
      expect(issue(vaccinationBodySchema.safeParse({ ...base, reminder_days_before: days }))).toEqual({
        field: 'reminder_days_before',
        key: 'Invalid_Value_Error',
      });
    }
    expect(
      vaccinationBodySchema.parse({ ...base, reminder_time_zone: 'Asia/Tokyo' }).reminder_time_zone,
    ).toBe('Asia/Tokyo');
    expect(
      vaccinationBodySchema.parse({ ...base, reminder_time_zone: null }).reminder_time_zone,
    ).toBeUndefined();
    for (const zone of ['Mars/Base', '+01:00']) {
      expect(issue(vaccinationBodySchema.safeParse({ ...base, reminder_time_zone: zone }))).toEqual({
        field: 'reminder_time_zone',
        key: 'Time_Zone_Error',
      });
    }
  });
});

describe('medical records and list items', () => {
  it('vaccination and deworming are the categories with a due date', () => {
    expect(DUE_TYPES).toEqual(['vaccination', 'deworming']);
    expect(MEDICAL_TYPES.filter(isDueType)).toEqual(['vaccination', 'deworming']);
  });

  it('a list item carries every name with the `medical_` prefix, once', () => {
    const record: MedicalRecord = medicalRecordSchema.parse({
      id: 'm1',
      pet_id: 'p1',
      medical_type: 'vaccination',
      name: 'Rabies',
      date: '01.02.2024',
      known_since: null,
      still_acute: null,
      executing_person: 'Dr. Vet',
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
      batch_number: 'B1',
      next_due_date: '01.02.2025',
      reminder_days_before: 14,
      reminder_time_zone: 'Europe/Berlin',
      reminder_at: '2025-01-18T08:00:00.000Z',
      reminder_sent_at: null,
      created_at: '2024-02-01T10:00:00.000Z',
      job_id: 'job-1',
      user_id: 'u1',
    });
    const item = medicalListItemSchema.parse(toMedicalListItem(record));
    expect(item).toMatchObject({
      medical_id: 'm1',
      medical_job_id: 'job-1',
      medical_user_id: 'u1',
      medical_type: 'vaccination',
      medical_name: 'Rabies',
      medical_next_due_date: '01.02.2025',
      medical_reminder_days_before: 14,
    });
    expect(
      Object.keys(item).every((key) => key.startsWith('medical_') && !key.startsWith('medical_medical_')),
    ).toBe(true);
    expect(Object.keys(item)).toHaveLength(Object.keys(record).length);
  });
});
