import { type Appointment, type AppointmentType, displayTime, isoToDisplayDate, todayIn } from '@pet/shared';
import type { AppointmentWithPet } from './appointments.repo.ts';

// Rows -> the appointment as the API answers it: the date and times as the user entered them (dd.MM.yyyy,
// HH:mm), and whether it is still upcoming: its date is today or later in its own zone.

export function isUpcoming(row: Pick<AppointmentWithPet, 'appointmentDate' | 'reminderTimeZone'>, now: Date) {
  return row.appointmentDate >= todayIn(row.reminderTimeZone, now);
}

export function toAppointment(row: AppointmentWithPet, now: Date): Appointment {
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
    is_upcoming: isUpcoming(row, now),
  };
}

/** Upcoming first, soonest first; then the past ones, latest first. */
export function sortForList(rows: AppointmentWithPet[], now: Date): AppointmentWithPet[] {
  const upcoming: AppointmentWithPet[] = [];
  const past: AppointmentWithPet[] = [];
  for (const row of rows) (isUpcoming(row, now) ? upcoming : past).push(row);
  const byTime = (a: AppointmentWithPet, b: AppointmentWithPet) =>
    a.appointmentAt.getTime() - b.appointmentAt.getTime() || (a.id < b.id ? -1 : 1);
  return [...upcoming.sort(byTime), ...past.sort((a, b) => byTime(b, a))];
}
