import { z } from 'zod';
import { APPOINTMENT_LIMITS, APPOINTMENT_TYPES } from '../domain/appointments.ts';
import { notBeforeToday } from '../domain/dates.ts';
import { optionalCountryField, optionalEmailField, optionalText } from './common.ts';
import { dateField, optionalDateField, optionalTimeField, timeField, timeZoneField } from './dates.ts';

// Appointments (document 1, sections 3, 4, 5 and 7): the add and edit payloads and the two answer shapes.
// A single appointment (POST, PUT) uses the spec's field names; list items carry the `appointment_` prefix
// on every name that does not start with it already (see appointmentListItemSchema).

const appointmentType = z.enum(APPOINTMENT_TYPES, { error: 'Appointment_Type_Error' });

const reason = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .max(APPOINTMENT_LIMITS.reason, 'Max_Length_Error');

/** Absent or null: the default (create) or the stored zone (edit). */
const optionalZone = timeZoneField.nullish().transform((v) => v ?? undefined);

const details = {
  vet_name: optionalText(APPOINTMENT_LIMITS.vetName),
  address: optionalText(APPOINTMENT_LIMITS.address),
  zip: optionalText(APPOINTMENT_LIMITS.zip),
  city: optionalText(APPOINTMENT_LIMITS.city),
  country: optionalCountryField,
  phone: optionalText(APPOINTMENT_LIMITS.phone),
  email: optionalEmailField,
  medication: optionalText(APPOINTMENT_LIMITS.medication),
  comments: optionalText(APPOINTMENT_LIMITS.comments),
  /** Kept only for a Vaccination; the server clears it for the other types. */
  vaccination_type: optionalText(APPOINTMENT_LIMITS.vaccinationType),
  /** Accepted and ignored: the server names the appointment's pet itself (pet_id). */
  pet_name: z.string().max(APPOINTMENT_LIMITS.petName, 'Max_Length_Error').nullish(),
  reminder_time: optionalTimeField,
};

/** A reminder needs its date and its time; the missing one is marked. */
function reminderTogether(
  v: { reminder_date: string | null; reminder_time: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.reminder_date && !v.reminder_time) {
    ctx.addIssue({ code: 'custom', path: ['reminder_time'], message: 'Required_Error' });
  }
  if (v.reminder_time && !v.reminder_date) {
    ctx.addIssue({ code: 'custom', path: ['reminder_date'], message: 'Required_Error' });
  }
}

/**
 * POST /v1/appointment?pet_id=. The dates may not lie before today (the pickers' minimum); the server checks
 * that exactly in `reminder_time_zone`, this schema (shared with the form) only as far as any zone allows.
 */
export const createAppointmentSchema = z
  .object({
    appointment_type: appointmentType,
    reason,
    appointment_date: dateField.refine(notBeforeToday, 'Date_In_Past_Error'),
    appointment_time: timeField,
    reminder_date: optionalDateField.refine(notBeforeToday, 'Date_In_Past_Error'),
    reminder_time_zone: optionalZone,
    ...details,
  })
  .superRefine(reminderTogether);
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

/**
 * PUT /v1/appointment?appt_id=: the appointment's new values. `appointment_type` and `reminder_time_zone`
 * keep their stored value when absent; an absent (or empty) reminder date and time remove the reminder.
 * The not-before-today rule applies to a date only when it changes (server).
 */
export const updateAppointmentSchema = z
  .object({
    appointment_type: appointmentType.optional(),
    reason,
    appointment_date: dateField,
    appointment_time: timeField,
    reminder_date: optionalDateField,
    reminder_time_zone: optionalZone,
    ...details,
  })
  .superRefine(reminderTogether);
export type UpdateAppointmentInput = z.input<typeof updateAppointmentSchema>;

const answerFields = {
  pet_id: z.string(),
  /** The pet's current name (derived from pet_id, whatever a client sent). */
  pet_name: z.string(),
  appointment_type: z.enum(APPOINTMENT_TYPES),
  reason: z.string(),
  /** dd.MM.yyyy */
  appointment_date: z.string(),
  /** HH:mm (24-hour) */
  appointment_time: z.string(),
  vet_name: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  medication: z.string().nullable(),
  comments: z.string().nullable(),
  vaccination_type: z.string().nullable(),
  /** dd.MM.yyyy, or null without a reminder. */
  reminder_date: z.string().nullable(),
  /** HH:mm, or null without a reminder. */
  reminder_time: z.string().nullable(),
  /** IANA zone the date and times are in. */
  reminder_time_zone: z.string(),
  /** ISO 8601 instant the reminder mail went out; null until then. */
  reminder_sent_at: z.string().nullable(),
  /** ISO 8601 instant. */
  created_at: z.string(),
  /** The spec's job_id: the id of the queued job that sends (or sent) the reminder mail; null without a reminder. */
  job_id: z.string().nullable(),
  /** The spec's user_id: the owner of the appointment (the signed-in user who owns the pet). */
  user_id: z.string(),
};

/** POST and PUT answer the appointment with the spec's names. */
export const appointmentSchema = z.object({
  id: z.string(),
  ...answerFields,
  /** The appointment's date is today or later in its zone. */
  is_upcoming: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * One item of GET /v1/appointment/mypetappointments and /myappointments: every name carries the
 * `appointment_` prefix (appointment_id, appointment_reason, appointment_vet_name, ...); names that already
 * start with it (appointment_type, appointment_date, appointment_time) keep theirs. `is_upcoming` is ours.
 */
export const appointmentListItemSchema = z.object({
  appointment_id: z.string(),
  appointment_pet_id: answerFields.pet_id,
  appointment_pet_name: answerFields.pet_name,
  appointment_type: answerFields.appointment_type,
  appointment_reason: answerFields.reason,
  appointment_date: answerFields.appointment_date,
  appointment_time: answerFields.appointment_time,
  appointment_vet_name: answerFields.vet_name,
  appointment_address: answerFields.address,
  appointment_zip: answerFields.zip,
  appointment_city: answerFields.city,
  appointment_country: answerFields.country,
  appointment_phone: answerFields.phone,
  appointment_email: answerFields.email,
  appointment_medication: answerFields.medication,
  appointment_comments: answerFields.comments,
  appointment_vaccination_type: answerFields.vaccination_type,
  appointment_reminder_date: answerFields.reminder_date,
  appointment_reminder_time: answerFields.reminder_time,
  appointment_reminder_time_zone: answerFields.reminder_time_zone,
  appointment_reminder_sent_at: answerFields.reminder_sent_at,
  appointment_created_at: answerFields.created_at,
  appointment_job_id: answerFields.job_id,
  appointment_user_id: answerFields.user_id,
  is_upcoming: z.boolean(),
});
export type AppointmentListItem = z.infer<typeof appointmentListItemSchema>;

/** Upcoming first (soonest first), then the past ones (latest first), as the lists answer them. */
export const appointmentListSchema = z.array(appointmentListItemSchema);

/** The list item for an appointment (the prefixing rule in one place). */
export function toAppointmentListItem(a: Appointment): AppointmentListItem {
  return {
    appointment_id: a.id,
    appointment_pet_id: a.pet_id,
    appointment_pet_name: a.pet_name,
    appointment_type: a.appointment_type,
    appointment_reason: a.reason,
    appointment_date: a.appointment_date,
    appointment_time: a.appointment_time,
    appointment_vet_name: a.vet_name,
    appointment_address: a.address,
    appointment_zip: a.zip,
    appointment_city: a.city,
    appointment_country: a.country,
    appointment_phone: a.phone,
    appointment_email: a.email,
    appointment_medication: a.medication,
    appointment_comments: a.comments,
    appointment_vaccination_type: a.vaccination_type,
    appointment_reminder_date: a.reminder_date,
    appointment_reminder_time: a.reminder_time,
    appointment_reminder_time_zone: a.reminder_time_zone,
    appointment_reminder_sent_at: a.reminder_sent_at,
    appointment_created_at: a.created_at,
    appointment_job_id: a.job_id,
    appointment_user_id: a.user_id,
    is_upcoming: a.is_upcoming,
  };
}

/** GET /v1/calendar/feed (url only in the answer of POST, right after it was made). */
export const calendarFeedSchema = z.object({
  exists: z.boolean(),
  /** ISO 8601 instant the current feed address was made. */
  created_at: z.string().nullable(),
  /** The secret address calendar apps subscribe to; shown once, never stored in clear. */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
