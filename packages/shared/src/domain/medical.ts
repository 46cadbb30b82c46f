// The medical domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/medical.ts.

export const MEDICAL_TYPES = [
  'allergy',
  'disease',
  'intervention',
  'medication',
  'vaccination',
  'deworming',
] as const;

export type MedicalType = (typeof MEDICAL_TYPES)[number];

/** The categories with a next due date and a reminder before it. */
export const DUE_TYPES = ['vaccination', 'deworming'] as const satisfies readonly MedicalType[];

export type DueType = (typeof DUE_TYPES)[number];

export function isDueType(type: MedicalType): type is DueType {
  return (DUE_TYPES as readonly string[]).includes(type);
}

export const SURGERY_TYPES = ['Surgery', 'Implant'] as const;

/** Mornings (0), noons (1), evenings (2). */
export const TAKING_TIMES = [0, 1, 2] as const;

export const MEDICAL_LIMITS = {
  name: 100,
  /** Spec document 2 section 5: with a counter n/100. */
  comments: 100,
  person: 100,
  organization: 100,
  manufacturer: 100,
  reason: 200,
  dosage: 100,
  pharmaCentralNumber: 20,
  batchNumber: 40,
  /** Days before the due date the reminder goes out: 0 (on the day) to a year. */
  reminderDaysMax: 365,
} as const;

/** The form's default, and the server's when a new vaccination or deworming names none. */
export const DEFAULT_REMINDER_DAYS_BEFORE = 14;

/** The hour of the owner's day the reminder goes out. */
export const MEDICAL_REMINDER_HOUR = 9;

/** The dashboard's "due soon": due dates from today to this many days ahead (and up to as many overdue). */
export const DUE_SOON_DAYS = 30;
