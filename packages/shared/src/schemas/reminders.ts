import { z } from 'zod';
import { optionalTimeField, timeZoneField } from './dates.ts';

// The household's reminders of a pet (issue 49, points 2 and 3): the owner's time per dose slot, and each
// person's opt-in to the pet's reminder mails (doses; for a member also appointments and vaccinations).

/** The time of day each slot's doses are due (HH:mm), or null: no reminder for that slot. */
const doseTimesShape = {
  mornings: optionalTimeField,
  noons: optionalTimeField,
  evenings: optionalTimeField,
};

/** PUT /v1/reminders/dose-times?pet_id= (the owner): the times, on the wall clock of `time_zone`. */
export const doseTimesInputSchema = z.object({ ...doseTimesShape, time_zone: timeZoneField });
export type DoseTimesInput = z.input<typeof doseTimesInputSchema>;

/** PUT /v1/reminders/opt-in?pet_id= (anyone who looks after the pet, for themselves). */
export const reminderOptInSchema = z.object({
  opted_in: z.boolean({ error: 'Invalid_Value_Error' }),
  /** The person's zone, which their mails' times follow (needed to opt in). */
  time_zone: timeZoneField.optional(),
});
export type ReminderOptInInput = z.input<typeof reminderOptInSchema>;

/** GET /v1/reminders?pet_id=: the pet's dose times and the caller's own opt-in. */
export const petRemindersSchema = z.object({
  dose_times: z.object({
    mornings: z.string().nullable(),
    noons: z.string().nullable(),
    evenings: z.string().nullable(),
  }),
  /** The zone of the dose times; null while none is set. */
  dose_time_zone: z.string().nullable(),
  opted_in: z.boolean(),
  /** Whether the caller may set the dose times (the owner). */
  may_set_dose_times: z.boolean(),
});
export type PetReminders = z.infer<typeof petRemindersSchema>;
