import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { medicalRecords } from '../../db/schema/medical.ts';
import { pets } from '../../db/schema/pets.ts';
import type { ContactRow } from '../contacts/contacts.repo.ts';
import { openMembership } from '../household/pet-access.ts';
import type { MedicalRow } from '../medical/medical.repo.ts';

// SQL of the emergency file's content: what it prints of a user's pets, one statement per kind of row for all the
// pets at once (the pets come from the pets module, the owner from the account module). Every query is
// scoped by the owner's id.

export interface PictureRow {
  petId: string;
  storageKey: string;
  contentType: string;
  size: number;
}

/** The stored picture of each of the user's pets that has one. */
export async function listPetPictures(db: DbOrTx, userId: string): Promise<PictureRow[]> {
  const rows = await db
    .select({
      petId: storedFiles.petId,
      storageKey: storedFiles.storageKey,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), eq(storedFiles.kind, 'pet-image')));
  return rows.flatMap((row) => (row.petId === null ? [] : [{ ...row, petId: row.petId }]));
}

export interface SecondContactRow {
  petId: string;
  name: string;
  email: string;
  phone: string | null;
}

/**
 * The second emergency contact of each of the user's pets that has one (issue 49): the co-owner the owner
 * named, from their own profile, while they are a co-owner whose last day is not over at `now`.
 */
export function listSecondContacts(db: DbOrTx, userId: string, now: Date): Promise<SecondContactRow[]> {
  return db
    .select({ petId: householdMembers.petId, name: users.name, email: users.email, phone: users.phone })
    .from(householdMembers)
    .innerJoin(pets, eq(pets.id, householdMembers.petId))
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(
      and(
        eq(pets.userId, userId),
        eq(householdMembers.emergencyContact, true),
        eq(householdMembers.role, 'co-owner'),
        openMembership(now),
      ),
    );
}

export function listUserContacts(db: DbOrTx, userId: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(eq(contacts.userId, userId));
}

/**
 * The records the file prints: every allergy, diseases still acute, medications in use, and interventions
 * and vaccinations from `sinceDay` on (one without a date counts from the day it was added, as in the list).
 */
export function listPrintedMedicals(
  db: DbOrTx,
  userId: string,
  since: { day: string; instant: Date },
): Promise<MedicalRow[]> {
  const m = medicalRecords;
  return db
    .select()
    .from(m)
    .where(
      and(
        eq(m.userId, userId),
        or(
          eq(m.medicalType, 'allergy'),
          and(eq(m.medicalType, 'disease'), eq(m.stillAcute, true)),
          and(eq(m.medicalType, 'medication'), eq(m.inUse, true)),
          and(
            inArray(m.medicalType, ['intervention', 'vaccination']),
            or(gte(m.date, since.day), and(isNull(m.date), gte(m.createdAt, since.instant))),
          ),
        ),
      ),
    );
}
