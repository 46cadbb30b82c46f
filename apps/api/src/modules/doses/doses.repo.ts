import type { DoseSlot } from '@pet/shared';
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { doseChecks } from '../../db/schema/doses.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { pets } from '../../db/schema/pets.ts';
import { membershipOf, reachedBy } from '../household/pet-access.ts';

// The dose log's statements (issue 49): the pet's medications with a taking schedule, the day's check-offs
// with their givers' names, one check-off taken by a conditional insert, and an undo taken by a conditional
// delete (only the giver's own, only within its window).

/** What makes doses: a medication's schedule, its dates and whether it is in use. */
const medicationColumns = {
  id: medicalRecords.id,
  petId: medicalRecords.petId,
  name: medicalRecords.name,
  takingSchedule: medicalRecords.takingSchedule,
  takingFrom: medicalRecords.takingFrom,
  takingTo: medicalRecords.takingTo,
  inUse: medicalRecords.inUse,
  createdAt: medicalRecords.createdAt,
};

export type MedicationRow = {
  id: string;
  petId: string;
  name: string;
  takingSchedule: number[];
  takingFrom: string | null;
  takingTo: string | null;
  inUse: boolean | null;
  createdAt: Date;
};

const isScheduledMedication = and(
  eq(medicalRecords.medicalType, 'medication'),
  sql`cardinality(${medicalRecords.takingSchedule}) > 0`,
);

/** The pet's medications with a taking schedule, by name. */
export function scheduledMedicationsOf(db: DbOrTx, petId: string): Promise<MedicationRow[]> {
  return db
    .select(medicationColumns)
    .from(medicalRecords)
    .where(and(eq(medicalRecords.petId, petId), isScheduledMedication))
    .orderBy(medicalRecords.name, medicalRecords.id);
}

/** The medications with a taking schedule of every pet the user reaches at `now`, by pet, then name. */
export function scheduledMedicationsReachedBy(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<(MedicationRow & { petName: string })[]> {
  return db
    .select({ ...medicationColumns, petName: pets.name })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .leftJoin(householdMembers, membershipOf(userId, now))
    .where(and(reachedBy(userId), isScheduledMedication))
    .orderBy(pets.name, pets.id, medicalRecords.name, medicalRecords.id);
}

/** One medication with a taking schedule (undefined: no such record, or not a scheduled medication). */
export async function scheduledMedication(db: DbOrTx, id: string): Promise<MedicationRow | undefined> {
  const [row] = await db
    .select(medicationColumns)
    .from(medicalRecords)
    .where(and(eq(medicalRecords.id, id), isScheduledMedication));
  return row;
}

const checkColumns = {
  id: doseChecks.id,
  day: doseChecks.day,
  medicationId: doseChecks.medicationId,
  slot: doseChecks.slot,
  givenBy: doseChecks.givenBy,
  givenByName: users.name,
  givenAt: doseChecks.givenAt,
};

export type DoseCheckRow = {
  id: string;
  day: string;
  medicationId: string;
  slot: string;
  givenBy: string | null;
  givenByName: string | null;
  givenAt: Date;
};

/**
 * The pets' check-offs from `firstDay` to `lastDay` (ISO dates, both included), each with its giver's name
 * (null: the account is gone).
 */
export function checksBetween(
  db: DbOrTx,
  petIds: string[],
  firstDay: string,
  lastDay: string,
): Promise<DoseCheckRow[]> {
  return db
    .select(checkColumns)
    .from(doseChecks)
    .leftJoin(users, eq(users.id, doseChecks.givenBy))
    .where(
      and(inArray(doseChecks.petId, petIds), gte(doseChecks.day, firstDay), lte(doseChecks.day, lastDay)),
    );
}

/** The check-off of one dose, if any. */
export async function checkOf(
  db: DbOrTx,
  key: { medicationId: string; day: string; slot: DoseSlot },
): Promise<DoseCheckRow | undefined> {
  const [row] = await db
    .select(checkColumns)
    .from(doseChecks)
    .leftJoin(users, eq(users.id, doseChecks.givenBy))
    .where(
      and(
        eq(doseChecks.medicationId, key.medicationId),
        eq(doseChecks.day, key.day),
        eq(doseChecks.slot, key.slot),
      ),
    );
  return row;
}

/** Checks the dose off unless someone did already: whether this insert took it. */
export async function insertCheck(db: DbOrTx, row: typeof doseChecks.$inferInsert): Promise<boolean> {
  const taken = await db
    .insert(doseChecks)
    .values(row)
    .onConflictDoNothing({ target: [doseChecks.medicationId, doseChecks.day, doseChecks.slot] })
    .returning({ id: doseChecks.id });
  return taken.length > 0;
}

/** Removes the giver's own check-off made after `since`: its id, or undefined when none such was there. */
export async function deleteOwnCheck(
  db: DbOrTx,
  key: { medicationId: string; day: string; slot: DoseSlot },
  giverId: string,
  since: Date,
): Promise<string | undefined> {
  const [row] = await db
    .delete(doseChecks)
    .where(
      and(
        eq(doseChecks.medicationId, key.medicationId),
        eq(doseChecks.day, key.day),
        eq(doseChecks.slot, key.slot),
        eq(doseChecks.givenBy, giverId),
        gt(doseChecks.givenAt, since),
      ),
    )
    .returning({ id: doseChecks.id });
  return row?.id;
}

/** Every check-off of the pet's doses, by day and slot (the owner's data export). */
export function checksOfPet(db: DbOrTx, petId: string) {
  return db
    .select({
      id: doseChecks.id,
      medicationId: doseChecks.medicationId,
      day: doseChecks.day,
      slot: doseChecks.slot,
      givenBy: doseChecks.givenBy,
      givenAt: doseChecks.givenAt,
    })
    .from(doseChecks)
    .where(eq(doseChecks.petId, petId))
    .orderBy(doseChecks.day, doseChecks.givenAt);
}
