import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  DEFAULT_TIME_ZONE,
  DOSE_SLOTS,
  DOSE_UNDO_MINUTES,
  type Dose,
  type DoseDayQuery,
  type DoseKey,
  displayDateToIso,
  isoToDisplayDate,
  latestToday,
  type PetDoses,
  todayIn,
} from '@pet/shared';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  badRequest,
  doseAlreadyGiven,
  doseUndoExpired,
  doseUndoNotYours,
  notFound,
} from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { recordHistory } from '../household/household.repo.ts';
import { assertPetAccess } from '../household/pet-access.ts';
import { doseSlotsOn } from './dose-days.ts';
import {
  checkOf,
  checksBetween,
  type DoseCheckRow,
  deleteOwnCheck,
  insertCheck,
  type MedicationRow,
  scheduledMedication,
  scheduledMedicationsOf,
  scheduledMedicationsReachedBy,
} from './doses.repo.ts';

// The household's dose log (issue 49): the day's doses of a pet for anyone who may read it; a check-off and
// its undo for anyone who may care for it (sitters included). A dose is checked off once: the first insert
// wins and the other answers 409 naming who gave it. Only its giver undoes it, within 10 minutes. Both are
// in the pet's history.

export type DosesDeps = Pick<AppContext, 'db' | 'clock'>;

const UNDO_MS = DOSE_UNDO_MINUTES * 60_000;

/** A check-off or its undo, as a line of the pet's history. */
const recordDoseChange = (
  tx: Tx,
  petId: string,
  actorId: string,
  action: 'checked' | 'unchecked',
  entityId: string,
  at: Date,
) => recordHistory(tx, { petId, actorId, action, entity: 'dose', entityId, at });

function doseOf(
  medication: MedicationRow,
  day: string,
  slot: Dose['slot'],
  check: DoseCheckRow | undefined,
  userId: string,
  now: Date,
): Dose {
  const undoUntil = check ? new Date(check.givenAt.getTime() + UNDO_MS) : null;
  const mayUndo = check?.givenBy === userId && undoUntil !== null && undoUntil > now;
  return {
    medication_id: medication.id,
    medication_name: medication.name,
    slot,
    date: isoToDisplayDate(day),
    given_by: check ? check.givenByName : null,
    given_at: check ? check.givenAt.toISOString() : null,
    undo_until: mayUndo && undoUntil ? undoUntil.toISOString() : null,
  };
}

/** The doses of the medications on `day`, by slot, then medication, with the day's check-offs. */
function dosesOfDay(
  medications: MedicationRow[],
  checks: DoseCheckRow[],
  day: string,
  userId: string,
  now: Date,
): Dose[] {
  const checkFor = (medicationId: string, slot: string) =>
    checks.find((check) => check.day === day && check.medicationId === medicationId && check.slot === slot);
  return DOSE_SLOTS.flatMap((slot) =>
    medications
      .filter((medication) => doseSlotsOn(medication, day).includes(slot))
      .map((medication) => doseOf(medication, day, slot, checkFor(medication.id, slot), userId, now)),
  );
}

/**
 * The pet's doses of `query.days` days (one without it) ending with `query.date` (dd.MM.yyyy; without one,
 * today in `query.time_zone`), newest day first.
 */
export async function listDoses(deps: DosesDeps, userId: string, query: DoseDayQuery): Promise<Dose[]> {
  const now = deps.clock();
  await assertPetAccess(deps.db, userId, query.pet_id, 'read', now);
  const lastDay = query.date
    ? (displayDateToIso(query.date) as string)
    : todayIn(query.time_zone ?? DEFAULT_TIME_ZONE, now);
  const days = Array.from({ length: query.days ?? 1 }, (_, back) => addDaysIso(lastDay, -back));
  const [medications, checks] = await Promise.all([
    scheduledMedicationsOf(deps.db, query.pet_id),
    checksBetween(deps.db, [query.pet_id], days.at(-1) as string, lastDay),
  ]);
  return days.flatMap((day) => dosesOfDay(medications, checks, day, userId, now));
}

/** Today's doses (in `timeZone`) of every pet the user reaches, one entry per pet that has any. */
export async function todaysDoses(
  deps: DosesDeps,
  userId: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<PetDoses[]> {
  const now = deps.clock();
  const day = todayIn(timeZone, now);
  const medications = await scheduledMedicationsReachedBy(deps.db, userId, now);
  const petIds = [...new Set(medications.map((medication) => medication.petId))];
  if (petIds.length === 0) return [];
  const checks = await checksBetween(deps.db, petIds, day, day);
  return petIds
    .map((petId) => {
      const ofPet = medications.filter((medication) => medication.petId === petId);
      return {
        pet_id: petId,
        pet_name: ofPet[0]?.petName ?? '',
        doses: dosesOfDay(ofPet, checks, day, userId, now),
      };
    })
    .filter((pet) => pet.doses.length > 0);
}

/**
 * The medication of a dose key, with the caller's right to care for its pet: a record of a pet the caller
 * does not reach, or no scheduled medication, is the 404 of a missing one.
 */
async function medicationToCare(deps: DosesDeps, userId: string, medicationId: string, now: Date) {
  const medication = await scheduledMedication(deps.db, medicationId);
  if (!medication) throw notFound();
  await assertPetAccess(deps.db, userId, medication.petId, 'care', now);
  return medication;
}

/** Checks the dose off as given by the caller, now. */
export async function checkDose(deps: DosesDeps, userId: string, key: DoseKey): Promise<Dose> {
  const now = deps.clock();
  const medication = await medicationToCare(deps, userId, key.medication_id, now);
  const day = displayDateToIso(key.date) as string;
  // A day that is not yet today anywhere on earth has nothing to give.
  if (day > latestToday(now)) throw badRequest({ date: 'Date_In_Future_Error' });
  if (!doseSlotsOn(medication, day).includes(key.slot))
    throw badRequest({ slot: 'Dose_Not_Scheduled_Error' });
  const doseKey = { medicationId: medication.id, day, slot: key.slot };
  const id = randomUUID();
  const taken = await inTransaction(deps.db, async (tx) => {
    const inserted = await insertCheck(tx, {
      id,
      ...doseKey,
      petId: medication.petId,
      givenBy: userId,
      givenAt: now,
    });
    if (inserted) await recordDoseChange(tx, medication.petId, userId, 'checked', id, now);
    return inserted;
  });
  const check = await checkOf(deps.db, doseKey);
  if (!check) throw notFound();
  if (!taken) throw doseAlreadyGiven(check.givenByName, check.givenAt);
  return doseOf(medication, day, key.slot, check, userId, now);
}

/** Undoes the caller's own check-off of the dose, within its 10 minutes. */
export async function undoDose(deps: DosesDeps, userId: string, key: DoseKey): Promise<void> {
  const now = deps.clock();
  const medication = await medicationToCare(deps, userId, key.medication_id, now);
  const doseKey = { medicationId: medication.id, day: displayDateToIso(key.date) as string, slot: key.slot };
  const undone = await inTransaction(deps.db, async (tx) => {
    const id = await deleteOwnCheck(tx, doseKey, userId, new Date(now.getTime() - UNDO_MS));
    if (id) await recordDoseChange(tx, medication.petId, userId, 'unchecked', id, now);
    return id !== undefined;
  });
  if (undone) return;
  const check = await checkOf(deps.db, doseKey);
  if (!check) throw notFound();
  if (check.givenBy !== userId) throw doseUndoNotYours();
  throw doseUndoExpired();
}
