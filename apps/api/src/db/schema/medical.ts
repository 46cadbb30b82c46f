import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { petRecordKeys, recordTimestamps } from './record-columns.ts';

// Medical records of a user's pets, one table for every category (`medical_type`); a category leaves the
// columns it does not use null. Vaccinations and dewormings carry a next due date and an e-mail reminder
// some days before it, at 09:00 in `reminder_time_zone`, sent by a pg-boss job like appointment reminders.

export const medicalRecords = pgTable(
  'medical_records',
  {
    ...petRecordKeys(),
    /** allergy | disease | intervention | medication | vaccination | deworming */
    medicalType: text('medical_type').notNull(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }),
    knownSince: date('known_since', { mode: 'string' }),
    stillAcute: boolean('still_acute'),
    executingPerson: text('executing_person'),
    executingOrganization: text('executing_organization'),
    comments: text('comments'),
    /** Surgery | Implant */
    surgeryType: text('surgery_type'),
    manufacturer: text('manufacturer'),
    prescription: boolean('prescription'),
    inUse: boolean('in_use'),
    /** Mornings 0, noons 1, evenings 2. */
    takingSchedule: integer('taking_schedule').array().notNull().default(sql`'{}'::integer[]`),
    reason: text('reason'),
    dosage: text('dosage'),
    pharmaCentralNumber: text('pharma_central_number'),
    takingFrom: date('taking_from', { mode: 'string' }),
    takingTo: date('taking_to', { mode: 'string' }),
    batchNumber: text('batch_number'),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    reminderDaysBefore: integer('reminder_days_before'),
    /** IANA zone of the reminder (the browser's when it was saved). */
    reminderTimeZone: text('reminder_time_zone'),
    reminderAt: timestamp('reminder_at', { withTimezone: true }),
    /** The pg-boss job that sends the reminder; replaced when the reminder moves, cancelled when it goes. */
    jobId: text('job_id'),
    /** Set (conditionally) by the job before it sends: the mark that makes the reminder go out once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    ...recordTimestamps(),
  },
  (t) => [
    index('medical_records_user_id_idx').on(t.userId, t.nextDueDate),
    index('medical_records_pet_id_idx').on(t.petId, t.medicalType),
    check(
      'medical_records_type_check',
      sql`${t.medicalType} in ('allergy', 'disease', 'intervention', 'medication', 'vaccination', 'deworming')`,
    ),
    check(
      'medical_records_surgery_type_check',
      sql`${t.surgeryType} is null or ${t.surgeryType} in ('Surgery', 'Implant')`,
    ),
    check(
      'medical_records_reminder_check',
      sql`(${t.reminderAt} is null) or (${t.nextDueDate} is not null and ${t.reminderTimeZone} is not null)`,
    ),
  ],
);
