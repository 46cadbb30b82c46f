import { z } from 'zod';
import { DOSE_DAYS_PER_PAGE, DOSE_SLOTS } from '../domain/doses.ts';
import { dateField, timeZoneField } from './dates.ts';

// The dose log's calls (issue 49): GET /v1/dose?pet_id=&date=, POST /v1/dose/check, DELETE /v1/dose/check.
// Dates travel as dd.MM.yyyy like every date of the API; given_at is an instant (ISO 8601).

const idField = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .max(64, 'Invalid_Value_Error');

export const doseSlotField = z.enum(DOSE_SLOTS, { error: 'Invalid_Value_Error' });

/**
 * GET /v1/dose: the pet's doses of `days` days (1 to 7, one without it) ending with `date`, newest day first;
 * without `date`, ending today in `time_zone` (Berlin's without one). Seven make a page of the pet's log.
 */
export const doseDayQuerySchema = z.object({
  pet_id: idField,
  date: dateField.optional(),
  days: z.coerce
    .number({ error: 'Invalid_Value_Error' })
    .int('Invalid_Value_Error')
    .min(1, 'Invalid_Value_Error')
    .max(DOSE_DAYS_PER_PAGE, 'Invalid_Value_Error')
    .optional(),
  time_zone: timeZoneField.optional(),
});
export type DoseDayQuery = z.infer<typeof doseDayQuerySchema>;

/** GET /v1/dose/today: today's doses (in `time_zone`, else Berlin's) of every pet the caller reaches. */
export const dosesTodayQuerySchema = z.object({ time_zone: timeZoneField.optional() });

/** POST /v1/dose/check, and DELETE /v1/dose/check's query: one dose. */
export const doseKeySchema = z.object({
  medication_id: idField,
  date: dateField,
  slot: doseSlotField,
});
export type DoseKey = z.infer<typeof doseKeySchema>;

export const doseSchema = z.object({
  medication_id: z.string(),
  medication_name: z.string(),
  slot: doseSlotField,
  date: z.string(),
  /** Who gave it: a name, or null (not given, or given by an account since deleted: see given_at). */
  given_by: z.string().nullable(),
  /** When it was checked off; null while it is not. */
  given_at: z.string().nullable(),
  /** Until when the caller may undo the check-off (their own, for 10 minutes); else null. */
  undo_until: z.string().nullable(),
});
export type Dose = z.infer<typeof doseSchema>;

export const doseListSchema = z.array(doseSchema);

/** GET /v1/dose/today: one entry per pet with doses today, by the pet's name. */
export const petDosesSchema = z.object({
  pet_id: z.string(),
  pet_name: z.string(),
  doses: doseListSchema,
});
export type PetDoses = z.infer<typeof petDosesSchema>;

export const petDosesListSchema = z.array(petDosesSchema);
