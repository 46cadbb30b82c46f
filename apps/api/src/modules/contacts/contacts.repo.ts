import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/contacts.ts';

// SQL of contacts. Every read and write is scoped by the owner's id: someone else's contact is not found.

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;
/** The columns a request sets (the same for a new contact, its copies and an edit). */
export type ContactValues = Omit<ContactInsert, 'id' | 'userId' | 'petId' | 'createdAt' | 'updatedAt'>;

/** The pet's contacts, unsorted: the page's order (type, then name) is the mapper's. */
export function listPetContacts(db: DbOrTx, userId: string, petId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.petId, petId)));
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
