import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { membershipOf, reachedBy } from '../household/pet-access.ts';

// SQL of contacts. The service has checked the user's access to the pet (modules/household/pet-access.ts);
// every read and write here is scoped by that pet.

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;
/** The columns a request sets (the same for a new contact, its copies and an edit). */
export type ContactValues = Omit<ContactInsert, 'id' | 'userId' | 'petId' | 'createdAt' | 'updatedAt'>;

/** The pet's contacts (unsorted: the page's order is the mapper's). */
export function listPetContacts(db: DbOrTx, petId: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(eq(contacts.petId, petId));
}

/**
 * The pet's contacts as `userId` reaches them at `now`, or undefined when the user reaches the pet not at all:
 * the access check (household/pet-access.ts) and the read in one statement.
 */
export async function readPetContacts(
  db: DbOrTx,
  userId: string,
  petId: string,
  now: Date,
): Promise<ContactRow[] | undefined> {
  const rows = await db
    .select({ contact: contacts })
    .from(pets)
    .leftJoin(householdMembers, membershipOf(userId, now))
    .leftJoin(contacts, eq(contacts.petId, pets.id))
    .where(and(eq(pets.id, petId), reachedBy(userId)));
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.contact ? [row.contact] : []));
}

/** One statement for the contact and its copies; answers the rows as stored. */
export function insertContacts(db: DbOrTx, rows: ContactInsert[]): Promise<ContactRow[]> {
  return db.insert(contacts).values(rows).returning();
}

export async function updateContact(
  db: DbOrTx,
  petId: string,
  contactId: string,
  values: ContactValues,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.id, contactId), eq(contacts.petId, petId)))
    .returning();
  return row;
}

/** Whether the pet's contact was deleted. */
export async function deleteContact(db: DbOrTx, petId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.petId, petId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
