import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_REMINDER_DAYS_BEFORE,
  isDueType,
  type MedicalBody,
  type MedicalListItem,
  type MedicalType,
  medicalBodySchemas,
  type SURGERY_TYPES,
} from '@pet/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { inputValuesOf } from '../../../lib/inputValues.ts';
import { browserTimeZone } from '../../../lib/timeZone.ts';

// What the add and edit forms of every category hold, which fields each category shows, how they are
// checked (the category's shared body schema, so the form and the API refuse the same input with the same
// text keys) and what they send.

export type YesNo = '' | 'yes' | 'no';

/** Every input holds what its control holds; '' is "nothing entered". One shape for all categories. */
export interface MedicalFormValues {
  name: string;
  /** dd.MM.yyyy, as are the other dates. */
  date: string;
  known_since: string;
  still_acute: YesNo;
  executing_person: string;
  executing_organization: string;
  comments: string;
  surgery_type: '' | (typeof SURGERY_TYPES)[number];
  manufacturer: string;
  prescription: YesNo;
  in_use: YesNo;
  /** The chosen times as the checkboxes hold them: '0' mornings, '1' noons, '2' evenings. */
  taking_schedule: string[];
  reason: string;
  dosage: string;
  pharma_central_number: string;
  taking_from: string;
  taking_to: string;
  next_due_date: string;
  batch_number: string;
  /** Vaccination and deworming: whether an e-mail reminder goes out before the next due date. */
  reminder_on: boolean;
  /** What the number input holds: a number, or '' while it is empty. */
  reminder_days_before: number | string;
}

export type MedicalFieldName = Exclude<keyof MedicalFormValues, 'reminder_on'>;

/** Vaccination and deworming: what was given when, when the next one is due, and the reminder before it. */
const DUE_FIELDS: readonly MedicalFieldName[] = [
  'name',
  'date',
  'next_due_date',
  'executing_person',
  'batch_number',
  'reminder_days_before',
  'comments',
];

/** The fields of each category in the order the form shows them (spec 2 sections 3 and 7). */
export const MEDICAL_FIELDS: Record<MedicalType, readonly MedicalFieldName[]> = {
  allergy: ['name', 'date', 'known_since', 'still_acute', 'executing_person', 'comments'],
  disease: [
    'name',
    'date',
    'known_since',
    'still_acute',
    'executing_person',
    'executing_organization',
    'comments',
  ],
  intervention: ['name', 'date', 'surgery_type', 'executing_person', 'executing_organization', 'comments'],
  medication: [
    'name',
    'date',
    'manufacturer',
    'reason',
    'dosage',
    'taking_schedule',
    'taking_from',
    'taking_to',
    'still_acute',
    'prescription',
    'in_use',
    'pharma_central_number',
    'executing_person',
    'executing_organization',
    'comments',
  ],
  vaccination: DUE_FIELDS,
  deworming: DUE_FIELDS,
};

export function emptyMedicalValues(): MedicalFormValues {
  return {
    name: '',
    date: '',
    known_since: '',
    still_acute: '',
    executing_person: '',
    executing_organization: '',
    comments: '',
    surgery_type: '',
    manufacturer: '',
    prescription: '',
    in_use: '',
    taking_schedule: [],
    reason: '',
    dosage: '',
    pharma_central_number: '',
    taking_from: '',
    taking_to: '',
    next_due_date: '',
    batch_number: '',
    reminder_on: true,
    reminder_days_before: DEFAULT_REMINDER_DAYS_BEFORE,
  };
}

function yesNoOf(value: boolean | null): YesNo {
  if (value === null) return '';
  return value ? 'yes' : 'no';
}

/** The fields a list item holds as the inputs do (with the `medical_` prefix), or null for none. */
const TEXT_FIELDS = [
  'name',
  'date',
  'known_since',
  'executing_person',
  'executing_organization',
  'comments',
  'surgery_type',
  'manufacturer',
  'reason',
  'dosage',
  'pharma_central_number',
  'taking_from',
  'taking_to',
  'next_due_date',
  'batch_number',
] as const;

/** A list item (every name with the `medical_` prefix) as the edit form's values. */
export function formValuesOf(item: MedicalListItem): MedicalFormValues {
  return {
    ...inputValuesOf(item, TEXT_FIELDS, 'medical_'),
    still_acute: yesNoOf(item.medical_still_acute),
    prescription: yesNoOf(item.medical_prescription),
    in_use: yesNoOf(item.medical_in_use),
    taking_schedule: item.medical_taking_schedule.map(String),
    // Without a due date nothing could be reminded of: the switch stands ready for when one is entered.
    reminder_on: item.medical_reminder_days_before !== null || !item.medical_next_due_date,
    reminder_days_before: item.medical_reminder_days_before ?? DEFAULT_REMINDER_DAYS_BEFORE,
  };
}

function booleanOf(value: YesNo): boolean | null {
  return value === '' ? null : value === 'yes';
}

/**
 * The form's values as the category's request body, before the shared schema checks it. A reminder needs
 * a next due date to count back from: without one, none is asked for (the switch keeps its position). The
 * reminder goes out in the browser's zone.
 */
export function bodyInputOf(type: MedicalType, values: MedicalFormValues): Record<string, unknown> {
  const { reminder_on, reminder_days_before, ...rest } = values;
  const input: Record<string, unknown> = {
    ...rest,
    still_acute: booleanOf(values.still_acute),
    prescription: booleanOf(values.prescription),
    in_use: booleanOf(values.in_use),
    surgery_type: values.surgery_type || null,
    taking_schedule: values.taking_schedule.map(Number),
  };
  if (isDueType(type)) {
    const days = reminder_days_before === '' ? Number.NaN : Number(reminder_days_before);
    input.reminder_days_before = reminder_on && values.next_due_date.trim() ? days : null;
    input.reminder_time_zone = browserTimeZone();
  }
  return input;
}

/** The fields the API may name in a 400's `fields`, so its messages land under the inputs. */
export function serverFieldsOf(type: MedicalType): readonly MedicalFieldName[] {
  return MEDICAL_FIELDS[type];
}

const resolvers = new Map<MedicalType, Resolver<MedicalFormValues, unknown, MedicalBody<MedicalType>>>();

/**
 * The category's shared body schema as the form's resolver. The schema validates the body, not the form's
 * values, so they are turned into the body first; the fields carry the body's names, so every message lands
 * under its input. What it answers on success is the body to send.
 */
export function medicalResolver<T extends MedicalType>(
  type: T,
): Resolver<MedicalFormValues, unknown, MedicalBody<T>> {
  let resolver = resolvers.get(type);
  if (!resolver) {
    const schema = z.preprocess(
      (values) => bodyInputOf(type, values as MedicalFormValues),
      medicalBodySchemas[type],
    );
    // Typed as the form's values in and the body out: what it checks and answers is the shared schema's.
    resolver = zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<
      MedicalFormValues,
      unknown,
      MedicalBody<MedicalType>
    >;
    resolvers.set(type, resolver);
  }
  return resolver as unknown as Resolver<MedicalFormValues, unknown, MedicalBody<T>>;
}
