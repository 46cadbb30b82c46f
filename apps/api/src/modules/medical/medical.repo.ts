import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { pets } from '../../db/schema/pets.ts';
import { reminderClaims } from '../../jobs/reminders.ts';
import { memberPetIds } from '../household/pet-access.ts';

// SQL of medical records. The service checks the user's access to the pet (modules/household/pet-access.ts)
// and reads and writes here scoped by that pet; a record is stored under the pet owner's id (whoever added
// it). listPetMedicals (by the owner's id) is the share link's read. Sorting and the "due soon" selection
// happen in the service: a pet has tens of records.

export type MedicalRow = typeof medicalRecords.$inferSelect;
export type MedicalInsert = typeof medicalRecords.$inferInsert;

/** The pet's record, or undefined (missing, or of another pet). */
export async function findMedical(
  db: DbOrTx,
  petId: string,
  medId: string,
  options: { lock?: boolean } = {},
): Promise<MedicalRow | undefined> {
  const query = db
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.id, medId), eq(medicalRecords.petId, petId)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The owner's records of the pet (the share link's read). */
export async function listPetMedicals(db: DbOrTx, userId: string, petId: string): Promise<MedicalRow[]> {
  return db
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.userId, userId), eq(medicalRecords.petId, petId)));
}

/** The pet's records (whoever added them). */
export async function listMedicalsOfPet(db: DbOrTx, petId: string): Promise<MedicalRow[]> {
  return db.select().from(medicalRecords).where(eq(medicalRecords.petId, petId));
}

/**
 * The records of the given categories on every pet the user reaches at `now`, with the pet's name: the
 * user's own and those of the pets the user is a member of then (the membership condition of
 * modules/household/pet-access.ts: no `until`, or one still ahead). One statement.
 */
export async function listReachableMedicalsOfTypes(
  db: DbOrTx,
  userId: string,
  types: readonly string[],
  now: Date,
): Promise<Array<{ record: MedicalRow; petName: string }>> {
  return db
    .select({ record: medicalRecords, petName: pets.name })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .where(
      and(
        or(eq(medicalRecords.userId, userId), inArray(medicalRecords.petId, memberPetIds(db, userId, now))),
        inArray(medicalRecords.medicalType, [...types]),
      ),
    )
    .orderBy(asc(medicalRecords.nextDueDate), asc(medicalRecords.id));
}

export async function insertMedical(db: DbOrTx, values: MedicalInsert): Promise<void> {
  await db.insert(medicalRecords).values(values);
}

export async function updateMedical(
  db: DbOrTx,
  petId: string,
  medId: string,
  values: Partial<MedicalInsert>,
): Promise<void> {
  await db
    .update(medicalRecords)
    .set(values)
    .where(and(eq(medicalRecords.id, medId), eq(medicalRecords.petId, petId)));
}

export async function deleteMedical(db: DbOrTx, petId: string, medId: string): Promise<void> {
  await db.delete(medicalRecords).where(and(eq(medicalRecords.id, medId), eq(medicalRecords.petId, petId)));
}

/** The send-once claims of the reminder jobs (jobs/reminders.ts). */
export const medicalReminderClaims = reminderClaims(medicalRecords, 'medical');

export interface MedicalReminderDetails {
  record: MedicalRow;
  pet: { id: string; name: string };
  user: { email: string; name: string; language: string };
}

export async function medicalReminderDetails(
  db: DbOrTx,
  medId: string,
): Promise<MedicalReminderDetails | undefined> {
  const [row] = await db
    .select({
      record: medicalRecords,
      pet: { id: pets.id, name: pets.name },
      user: { email: users.email, name: users.name, language: users.language },
    })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .innerJoin(users, eq(users.id, medicalRecords.userId))
    .where(eq(medicalRecords.id, medId));
  return row;
}
