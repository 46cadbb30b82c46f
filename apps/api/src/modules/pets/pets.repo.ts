import type { PetRole } from '@pet/shared';
import { type AnyColumn, and, asc, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/auth.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { pets, petWeights } from '../../db/schema/pets.ts';
import { qualified } from '../../db/sql.ts';
import type { JobRef } from '../../jobs/define-job.ts';
import { appointmentReminderJob } from '../appointments/reminders.ts';
import { membershipOf, reachedBy, type UserRef } from '../household/pet-access.ts';
import { medicalReminderJob } from '../medical/reminders.ts';

// SQL of the pets module. A pet is read as a user reaches it: the user's own, or one the user is a member of
// the household of (issue 45); writes are scoped by the pet, after the service's role check. GET /v1/pet's
// read fused with the session check is session-with-pets.repo.ts.

export type PetRow = typeof pets.$inferSelect;
export type PetValues = Omit<typeof pets.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export interface WeightRow {
  weight: number;
  /** yyyy-MM-dd */
  date: string;
}
/**
 * A pet with its picture's file id (or null) and its weights, newest first; on a pet shared with the reader,
 * the reader's household role and the owner's name (both null on the reader's own pet).
 */
export type PetWithImage = PetRow & {
  imageFileId: string | null;
  weights: WeightRow[];
  memberId: string | null;
  memberRole: string | null;
  ownerName: string | null;
};

/** A user's pets can never be more than this in one answer (plans allow at most a few dozen). */
export const PET_LIST_CAP = 200;

/**
 * The pet's weights, newest first (date desc, then the later-entered first), as one JSON list of
 * [weight, date] pairs read with the pet: one query for a pet or a whole list instead of a second one for
 * the weights (on PGlite every statement is a round of protocol messages through WASM). Values travel as
 * text and are converted as Drizzle converts the columns (numeric -> Number, date -> 'yyyy-MM-dd').
 */
const weightsJson = sql<Array<[weight: string, date: string]>>`coalesce((
  select json_agg(json_build_array(${petWeights.weight}::text, ${petWeights.date}::text)
    order by ${petWeights.date} desc, ${petWeights.id} desc)
  from ${petWeights} where ${petWeights.petId} = ${qualified(pets.id)}
), '[]'::json)`;

export const petColumns = {
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
  // Aliased: in the fused read (below) these are columns of a subquery, where a second "id" would be ambiguous.
  imageFileId: sql<string | null>`${storedFiles.id}`.as('image_file_id'),
  weights: weightsJson.as('weights'),
  memberId: sql<string | null>`${householdMembers.id}`.as('member_id'),
  memberRole: sql<string | null>`${householdMembers.role}`.as('member_role'),
  // Only a member is told the owner's name (the owner knows their own).
  ownerName: sql<string | null>`case when ${householdMembers.id} is null then null
    else (select u."name" from "users" u where u."id" = ${qualified(pets.userId)}) end`.as('owner_name'),
};

/**
 * The pets `userId` reaches at `now`, with the membership that gives access to a shared one: a member whose
 * last day has passed reaches nothing (pet-access.ts checks the same for every other route).
 */
function selectPets(db: DbOrTx, userId: UserRef, now: Date | SQL) {
  return db
    .select(petColumns)
    .from(pets)
    .leftJoin(storedFiles, and(eq(storedFiles.petId, pets.id), eq(storedFiles.kind, 'pet-image')))
    .leftJoin(householdMembers, membershipOf(userId, now));
}

/** A pet as its row is selected: its weights still the JSON list's pairs. */
export type SelectedPet = Omit<PetWithImage, 'weights'> & { weights: Array<[weight: string, date: string]> };

export function withWeights({ weights, ...row }: SelectedPet): PetWithImage {
  return { ...row, weights: weights.map(([weight, date]) => ({ weight: Number(weight), date })) };
}

/** The pet as `userId` reaches it at `now`, or undefined (missing, or not the user's to see). */
export async function findPet(
  db: DbOrTx,
  userId: string,
  petId: string,
  now: Date = new Date(),
): Promise<PetWithImage | undefined> {
  const [row] = await selectPets(db, userId, now).where(and(eq(pets.id, petId), reachedBy(userId)));
  return row && withWeights(row);
}

/** The user's pets and the pets shared with the user, oldest first (by the database's clock). */
export function petsOf(db: DbOrTx, userId: UserRef) {
  return selectPets(db, userId, sql`now()`)
    .where(reachedBy(userId))
    .orderBy(asc(pets.createdAt), asc(pets.id))
    .limit(PET_LIST_CAP);
}

/** GET /v1/pet's read, the portal's most frequent. */
const listPetsPrepared = preparedPerDatabase((db) =>
  petsOf(db, sql.placeholder('userId')).prepare('list_pets'),
);

export async function listPets(db: DbOrTx, userId: string): Promise<PetWithImage[]> {
  const statement = listPetsPrepared(db);
  const rows = statement ? await statement.execute({ userId }) : await petsOf(db, userId);
  return rows.map(withWeights);
}

/** The user's own pets, oldest first: what the user's export and emergency file hold (not the shared ones). */
export async function listOwnPets(db: DbOrTx, userId: string): Promise<PetWithImage[]> {
  const rows = await selectPets(db, userId, sql`now()`)
    .where(eq(pets.userId, userId))
    .orderBy(asc(pets.createdAt), asc(pets.id))
    .limit(PET_LIST_CAP);
  return rows.map(withWeights);
}

/**
 * id and name of each pet the user reaches (their own and those shared with them, oldest first; myinfo's
 * `pets`), with the user's role and, on a shared one, the owner's name, as one JSON list: a column for the
 * profile's query (`userId` is its users.id), which then needs no query of its own.
 */
export function petNamesJson(userId: AnyColumn) {
  const user = qualified(userId);
  return sql<Array<{ id: string; name: string; role: PetRole; owner_name: string | null }>>`coalesce((
    select json_agg(json_build_object('id', p.id, 'name', p.name, 'role', p.role, 'owner_name', p.owner_name)
      order by p.created_at, p.id)
    from (
      select pt."id", pt."name", pt."created_at", coalesce(m."role", 'owner') as role,
        case when m."id" is null then null
          else (select u."name" from "users" u where u."id" = pt."user_id") end as owner_name
      from "pets" pt
      left join "household_members" m on m."pet_id" = pt."id" and m."user_id" = ${user}
        and (m."until" is null or m."until" > now())
      where pt."user_id" = ${user} or m."id" is not null
      order by pt."created_at", pt."id" limit ${PET_LIST_CAP}
    ) p
  ), '[]'::json)`;
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

export async function insertPet(db: DbOrTx, id: string, userId: string, values: PetValues): Promise<void> {
  await db.insert(pets).values({ id, userId, ...values });
}

export async function updatePet(db: DbOrTx, petId: string, values: PetValues): Promise<boolean> {
  const rows = await db.update(pets).set(values).where(eq(pets.id, petId)).returning({ id: pets.id });
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

/** The reminder jobs still attached to the pet's appointments and medical records (cancelled when it goes). */
export async function reminderJobsOfPet(
  db: DbOrTx,
  petId: string,
): Promise<Array<{ queue: JobRef; jobId: string }>> {
  const appointmentJobs = await db
    .select({ jobId: appointments.jobId })
    .from(appointments)
    .where(and(eq(appointments.petId, petId), isNotNull(appointments.jobId)));
  const medicalJobs = await db
    .select({ jobId: medicalRecords.jobId })
    .from(medicalRecords)
    .where(and(eq(medicalRecords.petId, petId), isNotNull(medicalRecords.jobId)));
  const jobsOf = (queue: JobRef, rows: Array<{ jobId: string | null }>) =>
    rows.flatMap((r) => (r.jobId ? [{ queue, jobId: r.jobId }] : []));
  return [...jobsOf(appointmentReminderJob, appointmentJobs), ...jobsOf(medicalReminderJob, medicalJobs)];
}
