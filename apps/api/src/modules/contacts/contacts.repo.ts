import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { pets } from '../../db/schema/pets.ts';

// SQL of contacts. Every read and write is scoped by the owner's id: someone else's contact is not found.

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;
/** The columns a request sets (the same for a new contact, its copies and an edit). */
export type ContactValues = Omit<ContactInsert, 'id' | 'userId' | 'petId' | 'createdAt' | 'updatedAt'>;

/**
 * The pet's contacts (unsorted: the page's order is the mapper's), or undefined when the pet is not the
 * user's: the ownership check and the read in one statement.
 */
export async function listPetContacts(
  db: DbOrTx,
  userId: string,
  petId: string,
): Promise<ContactRow[] | undefined> {
  const rows = await db
    .select({ contact: contacts })
    .from(pets)
    .leftJoin(contacts, and(eq(contacts.petId, pets.id), eq(contacts.userId, userId)))
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.contact ? [row.contact] : []));
}

/** One statement for the contact and its copies; answers the rows as stored. */
export function insertContacts(db: DbOrTx, rows: ContactInsert[]): Promise<ContactRow[]> {
  return db.insert(contacts).values(rows).returning();
}

export async function updateContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
  values: ContactValues,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning();
  return row;
}

/** Whether a contact of the user's was deleted. */
export async function deleteContact(db: DbOrTx, userId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
