import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { pets } from '../../db/schema/pets.ts';
import { reminderClaims } from '../../jobs/reminders.ts';

// SQL of medical records. Every read and write is scoped by the owner's id: someone else's record (or pet)
// is not found. Sorting and the "due soon" selection happen in the service: a pet has tens of records.

export type MedicalRow = typeof medicalRecords.$inferSelect;
export type MedicalInsert = typeof medicalRecords.$inferInsert;

export async function findMedical(
  db: DbOrTx,
  userId: string,
  medId: string,
  options: { lock?: boolean } = {},
): Promise<MedicalRow | undefined> {
  const query = db
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.id, medId), eq(medicalRecords.userId, userId)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function listPetMedicals(db: DbOrTx, userId: string, petId: string): Promise<MedicalRow[]> {
  return db
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.userId, userId), eq(medicalRecords.petId, petId)));
}

/** The user's records of the given categories on all pets, with the pet's name. */
export async function listUserMedicalsOfTypes(
  db: DbOrTx,
  userId: string,
  types: readonly string[],
): Promise<Array<{ record: MedicalRow; petName: string }>> {
  return db
    .select({ record: medicalRecords, petName: pets.name })
    .from(medicalRecords)
    .innerJoin(pets, eq(pets.id, medicalRecords.petId))
    .where(and(eq(medicalRecords.userId, userId), inArray(medicalRecords.medicalType, [...types])))
    .orderBy(asc(medicalRecords.nextDueDate), asc(medicalRecords.id));
}

export async function insertMedical(db: DbOrTx, values: MedicalInsert): Promise<void> {
  await db.insert(medicalRecords).values(values);
}

export async function updateMedical(
  db: DbOrTx,
  userId: string,
  medId: string,
  values: Partial<MedicalInsert>,
): Promise<void> {
  await db
    .update(medicalRecords)
    .set(values)
    .where(and(eq(medicalRecords.id, medId), eq(medicalRecords.userId, userId)));
}

export async function deleteMedical(db: DbOrTx, userId: string, medId: string): Promise<void> {
  await db.delete(medicalRecords).where(and(eq(medicalRecords.id, medId), eq(medicalRecords.userId, userId)));
}

/** The send-once claims of the reminder jobs (jobs/reminders.ts). */
export const medicalReminderClaims = reminderClaims(medicalRecords);

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
