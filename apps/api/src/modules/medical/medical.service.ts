import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  DEFAULT_REMINDER_DAYS_BEFORE,
  DEFAULT_TIME_ZONE,
  DUE_TYPES,
  type DueSoonItem,
  displayDateToIso,
  isDueType,
  MEDICAL_REMINDER_HOUR,
  type MedicalBody,
  type MedicalListItem,
  type MedicalRecord,
  type MedicalType,
  todayIn,
  toMedicalListItem,
} from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reminderJobs } from '../../jobs/reminders.ts';
import { notFound } from '../../lib/errors.ts';
import { zonedToInstant } from '../../lib/zoned-time.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petChangeRecorder } from '../household/household.repo.ts';
import { assertPetAccess, assertRecordAccess } from '../household/pet-access.ts';
import { assertMayAddMedical } from '../plans/entitlements.service.ts';
import { selectDueSoon, sortNewestFirst, toMedicalRecord } from './medical.mapper.ts';
import {
  deleteMedical,
  findMedical,
  insertMedical,
  listMedicalsOfPet,
  listReachableMedicalsOfTypes,
  type MedicalInsert,
  type MedicalRow,
  updateMedical,
} from './medical.repo.ts';
import { medicalReminderJob } from './reminders.ts';

const reminders = reminderJobs(medicalReminderJob);

// The medical rules: the records of a pet the user may reach (household/pet-access.ts: the owner and
// co-owners write, a sitter reads; anyone else's pet or record answers 404 like a missing one), stored under
// the owner's id; adding and editing need the owner's plan to have medical data (reading and deleting stay
// possible after a downgrade); a record is edited only through its own category's call (another category's
// path answers 404, like a missing record); a vaccination's or deworming's reminder is one job, moved or
// cancelled with the row, and mails the owner, whoever set it. Every write is in the pet's history.
//
// The reminder goes out at MEDICAL_REMINDER_HOUR on the wall clock of its zone, `reminder_days_before` days
// before the next due date. `reminder_days_before` absent: on a new record the default (14); on an edit what
// the record had (the default when it had no due date before, as for a new one); null: no reminder. A moment
// that has already passed when the record is saved gets no job (and `reminder_at` null): the owner is entering
// the due date right now, and the dashboard's "due soon" shows it; a mail at once would only repeat it.
// A reminder that falls due while no worker runs is sent late when one starts (reminders.ts).

export type MedicalDeps = Pick<AppContext, 'db' | 'brand' | 'jobs' | 'clock'>;

/** Every field any category's body has (a category's body has a subset); the path names the category. */
type AnyMedicalBody = Partial<
  Omit<MedicalBody<'medication'>, 'medical_type'> &
    Omit<MedicalBody<'disease'>, 'medical_type'> &
    Omit<MedicalBody<'intervention'>, 'medical_type'> &
    Omit<MedicalBody<'vaccination'>, 'medical_type'>
> & { name: string };

const isoOf = (value: string | null | undefined) => (value ? displayDateToIso(value) : null);

/** The row's values from a body: a category's fields as sent, every other column cleared. */
function detailColumns(body: AnyMedicalBody) {
  return {
    name: body.name,
    date: isoOf(body.date),
    knownSince: isoOf(body.known_since),
    stillAcute: body.still_acute ?? null,
    executingPerson: body.executing_person ?? null,
    executingOrganization: body.executing_organization ?? null,
    comments: body.comments ?? null,
    surgeryType: body.surgery_type ?? null,
    manufacturer: body.manufacturer ?? null,
    prescription: body.prescription ?? null,
    inUse: body.in_use ?? null,
    takingSchedule: body.taking_schedule ?? [],
    reason: body.reason ?? null,
    dosage: body.dosage ?? null,
    pharmaCentralNumber: body.pharma_central_number ?? null,
    takingFrom: isoOf(body.taking_from),
    takingTo: isoOf(body.taking_to),
    batchNumber: body.batch_number ?? null,
    nextDueDate: isoOf(body.next_due_date),
  } satisfies Partial<MedicalInsert>;
}

interface ReminderPlan {
  reminderDaysBefore: number | null;
  reminderTimeZone: string | null;
  /** When the reminder is due by the record's values, past or not. */
  due: Date | null;
}

const REMINDER_TIME = `${String(MEDICAL_REMINDER_HOUR).padStart(2, '0')}:00:00`;

function reminderPlan(type: MedicalType, body: AnyMedicalBody, stored: MedicalRow | null): ReminderPlan {
  if (!isDueType(type)) return { reminderDaysBefore: null, reminderTimeZone: null, due: null };
  const zone = body.reminder_time_zone ?? stored?.reminderTimeZone ?? DEFAULT_TIME_ZONE;
  const nextDue = isoOf(body.next_due_date);
  if (!nextDue) return { reminderDaysBefore: null, reminderTimeZone: zone, due: null };
  let days = body.reminder_days_before;
  if (days === undefined) {
    days = stored?.nextDueDate ? stored.reminderDaysBefore : DEFAULT_REMINDER_DAYS_BEFORE;
  }
  if (days === null) return { reminderDaysBefore: null, reminderTimeZone: zone, due: null };
  return {
    reminderDaysBefore: days,
    reminderTimeZone: zone,
    due: zonedToInstant(addDaysIso(nextDue, -days), REMINDER_TIME, zone),
  };
}

/** The reminder moment that gets a job: none once it has passed. */
const upcoming = (due: Date | null, now: Date) => (due && due.getTime() > now.getTime() ? due : null);

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

async function answer(db: DbOrTx, petId: string, id: string): Promise<MedicalRecord> {
  const row = await findMedical(db, petId, id);
  if (!row) throw notFound();
  return toMedicalRecord(row);
}

/** The pet's records, newest date first, names with the `medical_` prefix; for anyone who may read the pet. */
export async function listPetMedicalItems(
  deps: MedicalDeps,
  userId: string,
  petId: string,
): Promise<MedicalListItem[]> {
  await assertPetAccess(deps.db, userId, petId, 'read', deps.clock());
  const rows = await listMedicalsOfPet(deps.db, petId);
  return sortNewestFirst(rows).map((row) => toMedicalListItem(toMedicalRecord(row)));
}

/**
 * The dashboard's "due soon" of the user's pets and of the pets the user is a member of now (any role),
 * "today" being the user's (their browser's zone).
 */
export async function listDueSoon(
  deps: MedicalDeps,
  userId: string,
  timeZone: string,
): Promise<DueSoonItem[]> {
  const now = deps.clock();
  const rows = await listReachableMedicalsOfTypes(deps.db, userId, DUE_TYPES, now);
  return selectDueSoon(rows, todayIn(timeZone, now));
}

/** Each write's line in the pet's history. */
const recordChange = petChangeRecorder('medical');

export async function createMedical(
  deps: MedicalDeps,
  userId: string,
  petId: string,
  type: MedicalType,
  body: AnyMedicalBody,
): Promise<MedicalRecord> {
  const now = deps.clock();
  const id = randomUUID();
  const plan = reminderPlan(type, body, null);
  const reminderAt = upcoming(plan.due, now);
  await inTransaction(deps.db, async (tx) => {
    const access = await assertPetAccess(tx, userId, petId, 'write', now, { lock: true });
    // The owner's plan decides, whoever adds the record.
    await assertMayAddMedical(tx, deps.brand, access.ownerId);
    const jobId = reminderAt ? await reminders.schedule(deps.jobs, tx, id, reminderAt) : null;
    await insertMedical(tx, {
      id,
      userId: access.ownerId,
      petId,
      medicalType: type,
      ...detailColumns(body),
      reminderDaysBefore: plan.reminderDaysBefore,
      reminderTimeZone: plan.reminderTimeZone,
      reminderAt,
      jobId,
    });
    await recordChange(tx, userId, petId, 'created', id, now);
  });
  return answer(deps.db, petId, id);
}

export async function editMedical(
  deps: MedicalDeps,
  userId: string,
  id: string,
  type: MedicalType,
  body: AnyMedicalBody,
): Promise<MedicalRecord> {
  const now = deps.clock();
  const petId = await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, medicalRecords, id, 'write', now);
    const row = await findMedical(tx, access.petId, id, { lock: true });
    if (!row || row.medicalType !== type) throw notFound();
    await assertMayAddMedical(tx, deps.brand, access.ownerId);
    const plan = reminderPlan(type, body, row);
    const values: Partial<MedicalInsert> = {
      ...detailColumns(body),
      reminderDaysBefore: plan.reminderDaysBefore,
      reminderTimeZone: plan.reminderTimeZone,
    };
    // A reminder that stays at its moment keeps its job (and, once sent, its mark). One that moves (or goes)
    // gets its job replaced (or cancelled) in this transaction and counts as not sent: the new moment sends.
    if (!sameInstant(row.reminderAt, plan.due)) {
      const reminderAt = upcoming(plan.due, now);
      await reminders.cancel(deps.jobs, tx, row.jobId);
      values.reminderAt = reminderAt;
      values.jobId = reminderAt ? await reminders.schedule(deps.jobs, tx, id, reminderAt) : null;
      values.reminderSentAt = null;
    }
    await updateMedical(tx, access.petId, id, values);
    await recordChange(tx, userId, access.petId, 'updated', id, now);
    return access.petId;
  });
  return answer(deps.db, petId, id);
}

export async function removeMedical(deps: MedicalDeps, userId: string, id: string): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, medicalRecords, id, 'write', now);
    const row = await findMedical(tx, access.petId, id, { lock: true });
    if (!row) throw notFound();
    await reminders.cancel(deps.jobs, tx, row.jobId);
    await deleteMedical(tx, access.petId, id);
    await recordChange(tx, userId, access.petId, 'deleted', id, now);
  });
}
