import {
  addDaysIso,
  DUE_SOON_DAYS,
  type DueSoonItem,
  type DueType,
  isoToDisplayDate,
  type MedicalRecord,
  type MedicalType,
} from '@pet/shared';
import type { MedicalRow } from './medical.repo.ts';

// Rows -> the record as the API answers it (dates as dd.MM.yyyy, instants as ISO), the list's order, and the
// dashboard's "due soon" selection.

const display = (iso: string | null) => (iso === null ? null : isoToDisplayDate(iso));

export function toMedicalRecord(row: MedicalRow): MedicalRecord {
  return {
    id: row.id,
    pet_id: row.petId,
    medical_type: row.medicalType as MedicalType,
    name: row.name,
    date: display(row.date),
    known_since: display(row.knownSince),
    still_acute: row.stillAcute,
    executing_person: row.executingPerson,
    executing_organization: row.executingOrganization,
    comments: row.comments,
    surgery_type: row.surgeryType as MedicalRecord['surgery_type'],
    manufacturer: row.manufacturer,
    prescription: row.prescription,
    in_use: row.inUse,
    taking_schedule: row.takingSchedule,
    reason: row.reason,
    dosage: row.dosage,
    pharma_central_number: row.pharmaCentralNumber,
    taking_from: display(row.takingFrom),
    taking_to: display(row.takingTo),
    batch_number: row.batchNumber,
    next_due_date: display(row.nextDueDate),
    reminder_days_before: row.reminderDaysBefore,
    reminder_time_zone: row.reminderTimeZone,
    reminder_at: row.reminderAt?.toISOString() ?? null,
    reminder_sent_at: row.reminderSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    job_id: row.jobId,
    user_id: row.userId,
  };
}

/** The day a record counts for: its date, or (without one) the day it was added (UTC). */
const dayOf = (row: MedicalRow) => row.date ?? row.createdAt.toISOString().slice(0, 10);

/** Newer first: the record's day, then when it was added, then the id (a stable order). */
function newerFirst(a: MedicalRow, b: MedicalRow): number {
  const day = dayOf(b).localeCompare(dayOf(a));
  if (day !== 0) return day;
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
}

/** The list's order: newest date first, records without a date by when they were added. */
export function sortNewestFirst(rows: MedicalRow[]): MedicalRow[] {
  return [...rows].sort(newerFirst);
}

/** Whole calendar days from `fromIso` to `toIso` (both yyyy-MM-dd). */
function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/**
 * "Due soon": of each pet's vaccinations (dewormings) of one name, only the latest counts (a later one is the
 * next shot, which replaces the earlier one's due date); it is listed when its due date lies within
 * DUE_SOON_DAYS of today, either side. Soonest first.
 */
export function selectDueSoon(
  rows: Array<{ record: MedicalRow; petName: string }>,
  today: string,
): DueSoonItem[] {
  const latest = new Map<string, { record: MedicalRow; petName: string }>();
  for (const entry of rows) {
    const r = entry.record;
    const key = `${r.petId}\u0000${r.medicalType}\u0000${r.name.toLocaleLowerCase()}`;
    const current = latest.get(key);
    if (!current || newerFirst(r, current.record) < 0) latest.set(key, entry);
  }
  const from = addDaysIso(today, -DUE_SOON_DAYS);
  const to = addDaysIso(today, DUE_SOON_DAYS);
  return [...latest.values()]
    .filter(
      ({ record }) => record.nextDueDate !== null && record.nextDueDate >= from && record.nextDueDate <= to,
    )
    .sort(
      (a, b) =>
        a.record.nextDueDate!.localeCompare(b.record.nextDueDate!) || (a.record.id < b.record.id ? -1 : 1),
    )
    .map(({ record, petName }) => ({
      id: record.id,
      pet_id: record.petId,
      pet_name: petName,
      medical_type: record.medicalType as DueType,
      name: record.name,
      next_due_date: isoToDisplayDate(record.nextDueDate!),
      days_left: daysBetween(today, record.nextDueDate!),
    }));
}
