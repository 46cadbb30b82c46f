import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';
import { petRecordKeys, recordTimestamps } from './record-columns.ts';

// Appointments of a user's pets. The date and time the user entered are kept as entered (what the form shows
// again), and as instants (`appointment_at`, `reminder_at`) computed in `reminder_time_zone`, which is what
// sorting and the reminder job use. The pet's name is not stored: it is read from the pet, so a renamed pet
// shows its new name everywhere.

export const appointments = pgTable(
  'appointments',
  {
    ...petRecordKeys(),
    /** Examination | Vaccination | Operation | Deworming */
    appointmentType: text('appointment_type').notNull(),
    reason: text('reason').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: time('appointment_time').notNull(),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    vetName: text('vet_name'),
    address: text('address'),
    zip: text('zip'),
    city: text('city'),
    /** ISO 3166-1 alpha-2 */
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    medication: text('medication'),
    comments: text('comments'),
    vaccinationType: text('vaccination_type'),
    reminderDate: date('reminder_date', { mode: 'string' }),
    reminderTime: time('reminder_time'),
    reminderAt: timestamp('reminder_at', { withTimezone: true }),
    /** IANA zone of the dates and times above (the browser's). */
    reminderTimeZone: text('reminder_time_zone').notNull(),
    /** The pg-boss job that sends the reminder; replaced when the reminder moves, cancelled when it goes. */
    jobId: text('job_id'),
    /** Set (conditionally) by the job before it sends: the mark that makes the reminder go out once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    ...recordTimestamps(),
  },
  (t) => [
    index('appointments_user_id_idx').on(t.userId, t.appointmentAt),
    index('appointments_pet_id_idx').on(t.petId, t.appointmentAt),
    check(
      'appointments_type_check',
      sql`${t.appointmentType} in ('Examination', 'Vaccination', 'Operation', 'Deworming')`,
    ),
    check(
      'appointments_reminder_check',
      sql`(${t.reminderDate} is null) = (${t.reminderTime} is null) and (${t.reminderDate} is null) = (${t.reminderAt} is null)`,
    ),
  ],
);
