import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/auth.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets, petWeights } from '../../db/schema/pets.ts';

// SQL of the pets module. Every query of a pet is scoped by its owner's id: someone else's pet is not found.

export type PetRow = typeof pets.$inferSelect;
export type PetValues = Omit<typeof pets.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export interface WeightRow {
  weight: number;
  /** yyyy-MM-dd */
  date: string;
}
/** A pet with its picture's file id (or null). */
export type PetWithImage = PetRow & { imageFileId: string | null };

/** A user's pets can never be more than this in one answer (plans allow at most a few dozen). */
export const PET_LIST_CAP = 200;

const petColumns = {
  id: pets.id,
  userId: pets.userId,
  name: pets.name,
  petType: pets.petType,
  gender: pets.gender,
  race: pets.race,
  dateOfBirth: pets.dateOfBirth,
  sizeCm: pets.sizeCm,
  color: pets.color,
  features: pets.features,
  labeling: pets.labeling,
  ancestry: pets.ancestry,
  createdAt: pets.createdAt,
  updatedAt: pets.updatedAt,
  imageFileId: storedFiles.id,
};

function selectPets(db: DbOrTx) {
  return db
    .select(petColumns)
    .from(pets)
    .leftJoin(storedFiles, and(eq(storedFiles.petId, pets.id), eq(storedFiles.kind, 'pet-image')));
}

export async function findPet(db: DbOrTx, userId: string, petId: string): Promise<PetWithImage | undefined> {
  const [row] = await selectPets(db).where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  return row;
}

export async function listPets(db: DbOrTx, userId: string): Promise<PetWithImage[]> {
  return selectPets(db)
    .where(eq(pets.userId, userId))
    .orderBy(asc(pets.createdAt), asc(pets.id))
    .limit(PET_LIST_CAP);
}

/** id and name of each pet, oldest first (myinfo's `pets`). */
export async function petNamesOf(db: DbOrTx, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: pets.id, name: pets.name })
    .from(pets)
    .where(eq(pets.userId, userId))
    .orderBy(asc(pets.createdAt), asc(pets.id))
    .limit(PET_LIST_CAP);
}

export async function countPets(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pets).where(eq(pets.userId, userId));
  return row?.n ?? 0;
}

/**
 * Holds the user's row until the transaction ends, so that a count and the insert it guards cannot
 * interleave with another request of the same user (the entitlements service locks its membership row
 * too; this one also covers a brand without a catalogue).
 */
export async function lockUser(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Locks the pet row (edits and picture replacement of one pet run one after the other). */
export async function lockPet(db: DbOrTx, userId: string, petId: string): Promise<boolean> {
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
    .for('update');
  return rows.length > 0;
}

export async function insertPet(db: DbOrTx, id: string, userId: string, values: PetValues): Promise<void> {
  await db.insert(pets).values({ id, userId, ...values });
}

export async function updatePet(
  db: DbOrTx,
  userId: string,
  petId: string,
  values: PetValues,
): Promise<boolean> {
  const rows = await db
    .update(pets)
    .set(values)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
    .returning({ id: pets.id });
  return rows.length > 0;
}

/** Deletes the pet; weights, appointments and file rows go with it (ON DELETE CASCADE). */
export async function deletePet(db: DbOrTx, userId: string, petId: string): Promise<boolean> {
  const rows = await db
    .delete(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
    .returning({ id: pets.id });
  return rows.length > 0;
}

/** Weights of the given pets, newest first within each pet. */
export async function weightsOf(db: DbOrTx, petIds: string[]): Promise<Map<string, WeightRow[]>> {
  const byPet = new Map<string, WeightRow[]>(petIds.map((id) => [id, []]));
  if (petIds.length === 0) return byPet;
  const rows = await db
    .select({ petId: petWeights.petId, weight: petWeights.weight, date: petWeights.date })
    .from(petWeights)
    .where(inArray(petWeights.petId, petIds))
    .orderBy(desc(petWeights.date), desc(petWeights.id));
  for (const row of rows) byPet.get(row.petId)?.push({ weight: row.weight, date: row.date });
  return byPet;
}

/** Replaces the pet's weight list; `weights` newest first, read back in exactly this order. */
export async function replaceWeights(db: DbOrTx, petId: string, weights: WeightRow[]): Promise<void> {
  await db.delete(petWeights).where(eq(petWeights.petId, petId));
  if (weights.length === 0) return;
  // Identity ids grow with insertion: inserted in reverse, the list's first entry gets the highest id, so
  // reading by (date desc, id desc) returns entries of one day in the order they were sent.
  await db.insert(petWeights).values([...weights].reverse().map((w) => ({ petId, ...w })));
}

/** Storage keys of every file that belongs to the pet (removed from storage after the pet is deleted). */
export async function fileKeysOfPet(db: DbOrTx, petId: string): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.petId, petId));
  return rows.map((r) => r.key);
}

/** The reminder jobs still attached to the pet's appointments (cancelled when the pet goes). */
export async function reminderJobsOfPet(db: DbOrTx, petId: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: appointments.jobId })
    .from(appointments)
    .where(and(eq(appointments.petId, petId), isNotNull(appointments.jobId)));
  return rows.flatMap((r) => (r.jobId ? [r.jobId] : []));
}
