import { type Appointment, type AppointmentType, displayTime, isoToDisplayDate, todayIn } from '@pet/shared';
import type { AppointmentWithPet } from './appointments.repo.ts';

// Rows -> the appointment as the API answers it: the date and times as the user entered them (dd.MM.yyyy,
// HH:mm), and whether it is still upcoming: its date is today or later in its own zone.

/** Today's date ('yyyy-MM-dd') in a time zone, at one instant. */
export type TodayIn = (timeZone: string) => string;

/**
 * Today at `now`, worked out once per zone: formatting a date in a zone is the costly part of a list, and
 * a list's rows share a zone or a few.
 */
export function todayAt(now: Date): TodayIn {
  const days = new Map<string, string>();
  return (timeZone) => {
    let day = days.get(timeZone);
    if (day === undefined) {
      day = todayIn(timeZone, now);
      days.set(timeZone, day);
    }
    return day;
  };
}

export function isUpcoming(
  row: Pick<AppointmentWithPet, 'appointmentDate' | 'reminderTimeZone'>,
  today: TodayIn,
) {
  return row.appointmentDate >= today(row.reminderTimeZone);
}

export function toAppointment(row: AppointmentWithPet, today: TodayIn): Appointment {
  return {
    id: row.id,
    pet_id: row.petId,
    pet_name: row.petName,
    appointment_type: row.appointmentType as AppointmentType,
    reason: row.reason,
    appointment_date: isoToDisplayDate(row.appointmentDate),
    appointment_time: displayTime(row.appointmentTime),
    vet_name: row.vetName,
    address: row.address,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    email: row.email,
    medication: row.medication,
    comments: row.comments,
    vaccination_type: row.vaccinationType,
    reminder_date: row.reminderDate ? isoToDisplayDate(row.reminderDate) : null,
    reminder_time: row.reminderTime ? displayTime(row.reminderTime) : null,
    reminder_time_zone: row.reminderTimeZone,
    reminder_sent_at: row.reminderSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    job_id: row.jobId,
    user_id: row.userId,
    is_upcoming: isUpcoming(row, today),
  };
}

/** Upcoming first, soonest first; then the past ones, latest first. */
export function sortForList(rows: AppointmentWithPet[], today: TodayIn): AppointmentWithPet[] {
  const upcoming: AppointmentWithPet[] = [];
  const past: AppointmentWithPet[] = [];
  for (const row of rows) (isUpcoming(row, today) ? upcoming : past).push(row);
  const byTime = (a: AppointmentWithPet, b: AppointmentWithPet) =>
    a.appointmentAt.getTime() - b.appointmentAt.getTime() || (a.id < b.id ? -1 : 1);
  return [...upcoming.sort(byTime), ...past.sort((a, b) => byTime(b, a))];
}
