import { type createAppointmentSchema, displayDateToIso, normalizeTime, todayIn } from '@pet/shared';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { zonedToInstant } from '../../lib/zoned-time.ts';
import type { AppointmentInsert, AppointmentWithPet } from './appointments.repo.ts';

// When an appointment and its reminder are, as entered (dates and times in the appointment's zone) and as
// the instants stored beside them, and which of them may not lie in the past.

type EnteredSchedule = Pick<
  z.output<typeof createAppointmentSchema>,
  'appointment_date' | 'appointment_time' | 'reminder_date' | 'reminder_time'
>;

/** A reminder set for the current minute is still sent (the form has no seconds), at once. */
const REMINDER_GRACE_MS = 60_000;

/** The dates and times of an appointment as stored: as entered, and as instants in its zone. */
export interface Schedule {
  zone: string;
  appointmentDate: string;
  appointmentTime: string;
  appointmentAt: Date;
  reminderDate: string | null;
  reminderTime: string | null;
  reminderAt: Date | null;
}

export function scheduleOf(body: EnteredSchedule, zone: string): Schedule {
  // The schemas have refused malformed values; these conversions cannot fail here.
  const appointmentDate = displayDateToIso(body.appointment_date) ?? '';
  const appointmentTime = normalizeTime(body.appointment_time) ?? '';
  const reminderDate = body.reminder_date ? displayDateToIso(body.reminder_date) : null;
  const reminderTime = body.reminder_time ? normalizeTime(body.reminder_time) : null;
  const hasReminder = reminderDate !== null && reminderTime !== null;
  return {
    zone,
    appointmentDate,
    appointmentTime,
    appointmentAt: zonedToInstant(appointmentDate, appointmentTime, zone),
    reminderDate: hasReminder ? reminderDate : null,
    reminderTime: hasReminder ? reminderTime : null,
    reminderAt: hasReminder ? zonedToInstant(reminderDate, reminderTime, zone) : null,
  };
}

export const sameInstant = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * The pickers' minimum is today (in the appointment's zone): checked for a new appointment, and on an edit
 * only for a date that changes (an old appointment can still be corrected). A reminder must also not lie
 * in the past, or it would go out at once as if it were late.
 */
export function checkDates(next: Schedule, previous: Schedule | null, now: Date): void {
  const today = todayIn(next.zone, now);
  const fields: Record<string, string> = {};
  if ((!previous || previous.appointmentDate !== next.appointmentDate) && next.appointmentDate < today) {
    fields.appointment_date = 'Date_In_Past_Error';
  }
  if (next.reminderAt && (!previous || !sameInstant(previous.reminderAt, next.reminderAt))) {
    if (next.reminderDate! < today) fields.reminder_date = 'Date_In_Past_Error';
    else if (next.reminderAt.getTime() < now.getTime() - REMINDER_GRACE_MS) {
      fields.reminder_time = 'Reminder_In_Past_Error';
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

export function scheduleColumns(s: Schedule) {
  return {
    appointmentDate: s.appointmentDate,
    appointmentTime: s.appointmentTime,
    appointmentAt: s.appointmentAt,
    reminderDate: s.reminderDate,
    reminderTime: s.reminderTime,
    reminderAt: s.reminderAt,
    reminderTimeZone: s.zone,
  } satisfies Partial<AppointmentInsert>;
}

export function storedSchedule(row: AppointmentWithPet): Schedule {
  return {
    zone: row.reminderTimeZone,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    appointmentAt: row.appointmentAt,
    reminderDate: row.reminderDate,
    reminderTime: row.reminderTime,
    reminderAt: row.reminderAt,
  };
}
