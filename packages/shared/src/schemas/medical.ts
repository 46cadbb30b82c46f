import { z } from 'zod';
import { displayDateToIso, notAfterToday } from '../domain/dates.ts';
import {
  DUE_TYPES,
  type DueType,
  MEDICAL_LIMITS,
  MEDICAL_TYPES,
  type MedicalType,
  SURGERY_TYPES,
  TAKING_TIMES,
} from '../domain/medical.ts';
import { optionalText } from './common.ts';
import { optionalDateField, timeZoneField } from './dates.ts';

// Medical records of a pet (document 2, sections 2, 3, 5 and 7). The spec's four categories (allergy,
// disease, intervention, medication) with its fields, and two it names without fields (vaccination,
// deworming), which carry a next due date and an e-mail reminder some days before it.
// POST /v1/medical/{type}?pet_id= and PUT /v1/medical/{type}?med_id= take the category's body; a single
// record answers with the spec's names; list items carry the `medical_` prefix on every name.

function isoOf(value: string | null): string | null {
  return value === null ? null : displayDateToIso(value);
}

const name = z
  .string({ error: 'Name_Error' })
  .trim()
  .min(1, 'Name_Error')
  .max(MEDICAL_LIMITS.name, 'Max_Length_Error');

const comments = optionalText(MEDICAL_LIMITS.comments);
const yesNo = z
  .boolean({ error: 'Invalid_Value_Error' })
  .nullish()
  .transform((v) => v ?? null);
const pastDate = optionalDateField.refine(notAfterToday, 'Date_In_Future_Error');

const takingSchedule = z
  .array(
    z.union(
      TAKING_TIMES.map((n) => z.literal(n)),
      { error: 'Invalid_Value_Error' },
    ),
    {
      error: 'Invalid_Value_Error',
    },
  )
  .max(TAKING_TIMES.length, 'Invalid_Value_Error')
  .nullish()
  .transform((v) => [...new Set(v ?? [])].sort());

const surgeryType = z
  .enum(SURGERY_TYPES, { error: 'Invalid_Value_Error' })
  .nullish()
  .transform((v) => v ?? null);

/** The category named in the body must be the one in the path (the spec's clients send it on POST). */
const medicalTypeOf = (type: MedicalType) => z.literal(type, { error: 'Invalid_Value_Error' }).optional();

/** `later` may not lie before `earlier` (both dd.MM.yyyy or null); the message goes to `later`. */
function notBefore<T extends Record<string, unknown>>(
  earlier: keyof T & string,
  later: keyof T & string,
  message: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const from = isoOf(value[earlier] as string | null);
    const to = isoOf(value[later] as string | null);
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: [later], message });
  };
}

export const allergyBodySchema = z.object({
  medical_type: medicalTypeOf('allergy'),
  name,
  date: optionalDateField,
  known_since: pastDate,
  still_acute: yesNo,
  executing_person: optionalText(MEDICAL_LIMITS.person),
  comments,
});

export const diseaseBodySchema = allergyBodySchema.extend({
  medical_type: medicalTypeOf('disease'),
  executing_organization: optionalText(MEDICAL_LIMITS.organization),
});

export const interventionBodySchema = z.object({
  medical_type: medicalTypeOf('intervention'),
  name,
  date: optionalDateField,
  surgery_type: surgeryType,
  executing_person: optionalText(MEDICAL_LIMITS.person),
  executing_organization: optionalText(MEDICAL_LIMITS.organization),
  comments,
});

export const medicationBodySchema = z
  .object({
    medical_type: medicalTypeOf('medication'),
    name,
    date: optionalDateField,
    manufacturer: optionalText(MEDICAL_LIMITS.manufacturer),
    still_acute: yesNo,
    executing_person: optionalText(MEDICAL_LIMITS.person),
    executing_organization: optionalText(MEDICAL_LIMITS.organization),
    prescription: yesNo,
    in_use: yesNo,
    taking_schedule: takingSchedule,
    reason: optionalText(MEDICAL_LIMITS.reason),
    dosage: optionalText(MEDICAL_LIMITS.dosage),
    pharma_central_number: optionalText(MEDICAL_LIMITS.pharmaCentralNumber),
    taking_from: optionalDateField,
    taking_to: optionalDateField,
    comments,
  })
  .superRefine(notBefore('taking_from', 'taking_to', 'Taking_To_Before_From_Error'));

/**
 * Vaccination or deworming: `name` is the vaccine or product, `date` the day it was given, `next_due_date`
 * the day the next one is due. `reminder_days_before`: absent on a new record is the default (14), null is
 * no reminder; it needs a due date. The reminder goes out at 09:00 in `reminder_time_zone` (the browser's).
 */
function dueBodySchema(type: DueType) {
  return z
    .object({
      medical_type: medicalTypeOf(type),
      name,
      date: pastDate,
      next_due_date: optionalDateField,
      executing_person: optionalText(MEDICAL_LIMITS.person),
      batch_number: optionalText(MEDICAL_LIMITS.batchNumber),
      comments,
      reminder_days_before: z
        .number({ error: 'Invalid_Value_Error' })
        .int('Invalid_Value_Error')
        .min(0, 'Invalid_Value_Error')
        .max(MEDICAL_LIMITS.reminderDaysMax, 'Invalid_Value_Error')
        .nullish(),
      reminder_time_zone: timeZoneField.nullish().transform((v) => v ?? undefined),
    })
    .superRefine(notBefore('date', 'next_due_date', 'Next_Due_Before_Given_Error'))
    .superRefine((value, ctx) => {
      if (typeof value.reminder_days_before === 'number' && !value.next_due_date) {
        ctx.addIssue({ code: 'custom', path: ['next_due_date'], message: 'Required_Error' });
      }
    });
}

export const vaccinationBodySchema = dueBodySchema('vaccination');
export const dewormingBodySchema = dueBodySchema('deworming');

/** The body schema of each category: POST and PUT of /v1/medical/{type} take the same body. */
export const medicalBodySchemas = {
  allergy: allergyBodySchema,
  disease: diseaseBodySchema,
  intervention: interventionBodySchema,
  medication: medicationBodySchema,
  vaccination: vaccinationBodySchema,
  deworming: dewormingBodySchema,
} as const satisfies Record<MedicalType, z.ZodType>;
export type MedicalBodyInput<T extends MedicalType> = z.input<(typeof medicalBodySchemas)[T]>;
export type MedicalBody<T extends MedicalType> = z.output<(typeof medicalBodySchemas)[T]>;

/** Every field a record can have; a category's fields it does not use are null (schedule: []). */
const recordFields = {
  id: z.string(),
  pet_id: z.string(),
  medical_type: z.enum(MEDICAL_TYPES),
  name: z.string(),
  /** dd.MM.yyyy or null, as are all dates below. */
  date: z.string().nullable(),
  known_since: z.string().nullable(),
  still_acute: z.boolean().nullable(),
  executing_person: z.string().nullable(),
  executing_organization: z.string().nullable(),
  comments: z.string().nullable(),
  surgery_type: z.enum(SURGERY_TYPES).nullable(),
  manufacturer: z.string().nullable(),
  prescription: z.boolean().nullable(),
  in_use: z.boolean().nullable(),
  taking_schedule: z.array(z.number().int()),
  reason: z.string().nullable(),
  dosage: z.string().nullable(),
  pharma_central_number: z.string().nullable(),
  taking_from: z.string().nullable(),
  taking_to: z.string().nullable(),
  batch_number: z.string().nullable(),
  next_due_date: z.string().nullable(),
  reminder_days_before: z.number().int().nullable(),
  /** IANA zone of the reminder (vaccination and deworming), else null. */
  reminder_time_zone: z.string().nullable(),
  /** ISO 8601 instant the reminder is due to go out, or null without one. */
  reminder_at: z.string().nullable(),
  /** ISO 8601 instant the reminder mail went out; null until then. */
  reminder_sent_at: z.string().nullable(),
  /** ISO 8601 instant. */
  created_at: z.string(),
  /**
   * The spec's job_id: the id of the queued job that sends (or sent) the reminder mail (a vaccination or
   * deworming with a next-due date); null without a reminder.
   */
  job_id: z.string().nullable(),
  /** The spec's user_id: the owner of the record (the signed-in user who owns the pet). */
  user_id: z.string(),
};

/** POST and PUT answer the record with the spec's names. */
export const medicalRecordSchema = z.object(recordFields);
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

/** One item of GET /v1/medical/mypetmedicals?pet_id=: every name with the `medical_` prefix. */
export const medicalListItemSchema = z.object(
  Object.fromEntries(
    Object.entries(recordFields).map(([key, schema]) => [
      key.startsWith('medical_') ? key : `medical_${key}`,
      schema,
    ]),
  ) as {
    [K in keyof typeof recordFields as K extends `medical_${string}`
      ? K
      : `medical_${K}`]: (typeof recordFields)[K];
  },
);
export type MedicalListItem = z.infer<typeof medicalListItemSchema>;

/** The pet's records, newest date first (records without a date by when they were added, newest first). */
export const medicalListSchema = z.array(medicalListItemSchema);

/** The list item for a record (the prefixing rule in one place). */
export function toMedicalListItem(record: MedicalRecord): MedicalListItem {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    item[key.startsWith('medical_') ? key : `medical_${key}`] = value;
  }
  return item as MedicalListItem;
}

/** One entry of GET /v1/medical/duesoon: a vaccination or deworming of any of the owner's pets. */
export const dueSoonItemSchema = z.object({
  id: z.string(),
  pet_id: z.string(),
  pet_name: z.string(),
  medical_type: z.enum(DUE_TYPES),
  name: z.string(),
  /** dd.MM.yyyy */
  next_due_date: z.string(),
  /** Days from the owner's today (negative: overdue). */
  days_left: z.number().int(),
});
export type DueSoonItem = z.infer<typeof dueSoonItemSchema>;

/**
 * GET /v1/medical/duesoon?time_zone=: due dates from DUE_SOON_DAYS ago to DUE_SOON_DAYS ahead, soonest first,
 * without records a later one of the same pet, category and name has replaced (the next shot was recorded).
 */
export const dueSoonListSchema = z.array(dueSoonItemSchema);
