import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  type AppointmentListItem,
  type createAppointmentSchema,
  DEFAULT_TIME_ZONE,
  type Language,
  toAppointmentListItem,
  type updateAppointmentSchema,
} from '@pet/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reminderJobs } from '../../jobs/reminders.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { appointmentIcs } from '../calendar/calendar.service.ts';
import { petChangeRecorder } from '../household/household.repo.ts';
import {
  assertPetAccess,
  assertRecordAccess,
  type PetAccess,
  type PetAction,
} from '../household/pet-access.ts';
import { assertMayAddAppointment } from './appointment-limits.ts';
import {
  checkDates,
  sameInstant,
  scheduleColumns,
  scheduleOf,
  storedSchedule,
} from './appointment-schedule.ts';
import { sortForList, toAppointment, todayAt } from './appointments.mapper.ts';
import {
  type AppointmentInsert,
  type AppointmentWithPet,
  deleteAppointment,
  findPetAppointment,
  insertAppointment,
  listAppointments,
  listPetAppointments,
  listReachableAppointments,
  updateAppointment,
} from './appointments.repo.ts';
import { appointmentReminderJob } from './reminders.ts';

const reminders = reminderJobs(appointmentReminderJob);

// The appointment rules: the appointments of a pet the user may reach (household/pet-access.ts: the owner and
// co-owners write, a sitter reads; anyone else's pet or appointment answers 404 like a missing one), stored
// under the owner's id; adding needs the owner's plan to have appointments; dates may not lie before today in
// the appointment's zone when they are set (create) or changed (edit); a reminder is one job, moved or
// cancelled with the row that needs it, and mails the owner, whoever set it. Every write is in the pet's
// history.

export type AppointmentsDeps = Pick<AppContext, 'db' | 'brand' | 'jobs' | 'clock'>;

export type CreateAppointmentBody = z.output<typeof createAppointmentSchema>;
export type UpdateAppointmentBody = z.output<typeof updateAppointmentSchema>;

function detailColumns(body: CreateAppointmentBody | UpdateAppointmentBody, type: string) {
  return {
    appointmentType: type,
    reason: body.reason,
    vetName: body.vet_name,
    address: body.address,
    zip: body.zip,
    city: body.city,
    country: body.country,
    phone: body.phone,
    email: body.email,
    medication: body.medication,
    comments: body.comments,
    // Meaningful only for a vaccination; any other type clears it.
    vaccinationType: type === 'Vaccination' ? body.vaccination_type : null,
  };
}

async function answer(deps: AppointmentsDeps, db: DbOrTx, petId: string, id: string): Promise<Appointment> {
  const row = await findPetAppointment(db, petId, id);
  if (!row) throw notFound();
  return toAppointment(row, todayAt(deps.clock()));
}

/** The user's access to the appointment's pet, if it allows `action` (else 404 or 403 FORBIDDEN_FOR_ROLE). */
export function appointmentAccess(
  deps: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  id: string,
  action: PetAction,
): Promise<PetAccess> {
  return assertRecordAccess(deps.db, userId, appointments, id, action, deps.clock());
}

/** GET /v1/appointment/ics: the appointment as a calendar file, for anyone who may read its pet (a sitter too). */
export async function appointmentIcsFor(
  deps: Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'brand'>,
  user: { id: string; language: Language },
  appointmentId: string,
): Promise<{ filename: string; body: string }> {
  const { petId } = await appointmentAccess(deps, user.id, appointmentId, 'read');
  return appointmentIcs(deps, user.language, petId, appointmentId);
}

export async function getAppointment(
  deps: AppointmentsDeps,
  userId: string,
  id: string,
): Promise<Appointment> {
  const access = await appointmentAccess(deps, userId, id, 'read');
  return answer(deps, deps.db, access.petId, id);
}

function listItems(rows: AppointmentWithPet[], now: Date): AppointmentListItem[] {
  const today = todayAt(now);
  return sortForList(rows, today).map((row) => toAppointmentListItem(toAppointment(row, today)));
}

/**
 * The list answer: upcoming first (soonest first), then past (latest first), names with the prefix. With a
 * pet: that pet's appointments, for anyone who may read it. Without: the user's own appointments only (the
 * account's export: what the user owns).
 */
export async function listUserAppointments(
  deps: AppointmentsDeps,
  userId: string,
  petId?: string,
): Promise<AppointmentListItem[]> {
  const now = deps.clock();
  if (petId === undefined) return listItems(await listAppointments(deps.db, userId), now);
  await assertPetAccess(deps.db, userId, petId, 'read', now);
  return listItems(await listPetAppointments(deps.db, petId), now);
}

/**
 * GET /v1/appointment/myappointments: the appointments of the user's own pets and of the pets the user is a
 * member of now (any role), each with its pet; one statement.
 */
export async function listReachableUserAppointments(
  deps: AppointmentsDeps,
  userId: string,
): Promise<AppointmentListItem[]> {
  const now = deps.clock();
  return listItems(await listReachableAppointments(deps.db, userId, now), now);
}

/** Each write's line in the pet's history. */
const recordChange = petChangeRecorder('appointment');

export async function createAppointment(
  deps: AppointmentsDeps,
  userId: string,
  petId: string,
  body: CreateAppointmentBody,
): Promise<Appointment> {
  const now = deps.clock();
  const schedule = scheduleOf(body, body.reminder_time_zone ?? DEFAULT_TIME_ZONE);
  checkDates(schedule, null, now);
  const id = randomUUID();
  await inTransaction(deps.db, async (tx) => {
    const access = await assertPetAccess(tx, userId, petId, 'write', now, { lock: true });
    // The owner's plan decides, whoever adds the appointment.
    await assertMayAddAppointment(tx, deps.brand, access.ownerId);
    const jobId = schedule.reminderAt
      ? await reminders.schedule(deps.jobs, tx, id, schedule.reminderAt)
      : null;
    await insertAppointment(tx, {
      id,
      userId: access.ownerId,
      petId,
      ...detailColumns(body, body.appointment_type),
      ...scheduleColumns(schedule),
      jobId,
    });
    await recordChange(tx, userId, petId, 'created', id, now);
  });
  return answer(deps, deps.db, petId, id);
}

export async function editAppointment(
  deps: AppointmentsDeps,
  userId: string,
  id: string,
  body: UpdateAppointmentBody,
): Promise<Appointment> {
  const now = deps.clock();
  const petId = await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, appointments, id, 'write', now);
    const row = await findPetAppointment(tx, access.petId, id, { lock: true });
    if (!row) throw notFound();
    const previous = storedSchedule(row);
    const next = scheduleOf(body, body.reminder_time_zone ?? row.reminderTimeZone);
    checkDates(next, previous, now);
    const values: Partial<AppointmentInsert> = {
      ...detailColumns(body, body.appointment_type ?? row.appointmentType),
      ...scheduleColumns(next),
    };
    // A reminder that moves (or goes) gets its job replaced (or cancelled) in this transaction, and counts
    // as not sent yet: the new time sends again.
    if (!sameInstant(previous.reminderAt, next.reminderAt)) {
      await reminders.cancel(deps.jobs, tx, row.jobId);
      values.jobId = next.reminderAt ? await reminders.schedule(deps.jobs, tx, id, next.reminderAt) : null;
      values.reminderSentAt = null;
    }
    await updateAppointment(tx, access.petId, id, values);
    await recordChange(tx, userId, access.petId, 'updated', id, now);
    return access.petId;
  });
  return answer(deps, deps.db, petId, id);
}

export async function removeAppointment(deps: AppointmentsDeps, userId: string, id: string): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, appointments, id, 'write', now);
    const row = await findPetAppointment(tx, access.petId, id, { lock: true });
    if (!row) throw notFound();
    await reminders.cancel(deps.jobs, tx, row.jobId);
    await deleteAppointment(tx, access.petId, id);
    await recordChange(tx, userId, access.petId, 'deleted', id, now);
  });
}
