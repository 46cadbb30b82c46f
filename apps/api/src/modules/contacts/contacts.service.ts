import { randomUUID } from 'node:crypto';
import {
  type Contact,
  type CreatedContact,
  type createContactSchema,
  displayDateToIso,
  type updateContactSchema,
} from '@pet/shared';
import type { z } from 'zod';
import { contacts } from '../../db/schema/contacts.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petChangeRecorder } from '../household/household.repo.ts';
import { assertPetAccess, assertRecordAccess } from '../household/pet-access.ts';
import { sortForList, toContact } from './contacts.mapper.ts';
import {
  type ContactInsert,
  type ContactValues,
  deleteContact,
  insertContacts,
  readPetContacts,
  updateContact,
} from './contacts.repo.ts';

// The contact rules: the contacts of a pet the user may reach (household/pet-access.ts: the owner and
// co-owners write, a sitter reads; anyone else's pet answers 404 like a missing one), stored under the
// owner's id; on every plan; "vet since" belongs to a vet only; "also add to my other pets" makes one
// independent copy per pet, all or none. Every write is in the pet's history.

export type ContactsDeps = Pick<AppContext, 'db' | 'clock'>;

export type CreateContactBody = z.output<typeof createContactSchema>;
export type UpdateContactBody = z.output<typeof updateContactSchema>;

function contactValues(body: UpdateContactBody): ContactValues {
  return {
    title: body.title,
    name: body.name,
    address: body.address,
    zip: body.zip,
    city: body.city,
    country: body.country,
    phone: body.phone,
    email: body.email,
    contactType: body.contact_type,
    // The schema has refused a malformed date; any type but Vet clears it.
    doctorSince:
      body.contact_type === 'Vet' && body.doctor_since ? displayDateToIso(body.doctor_since) : null,
  };
}

export async function listContacts(deps: ContactsDeps, userId: string, petId: string): Promise<Contact[]> {
  const rows = await readPetContacts(deps.db, userId, petId, deps.clock());
  if (!rows) throw notFound();
  return sortForList(rows).map(toContact);
}

/** Each write's line in the pet's history. */
const recordChange = petChangeRecorder('contact');

/**
 * The contact for the pet and a copy for each pet of `also_for_pet_ids`, in one transaction. The pet itself
 * in that list is a malformed request (400 on the field); any id there that the user may not write to answers
 * like that pet alone would (404 or 403), and nothing is saved.
 */
export async function createContact(
  deps: ContactsDeps,
  userId: string,
  petId: string,
  body: CreateContactBody,
): Promise<CreatedContact> {
  const { also_for_pet_ids: otherPetIds, ...fields } = body;
  const values = contactValues(fields);
  const now = deps.clock();
  const { rows, stored } = await inTransaction(deps.db, async (tx) => {
    const first = await assertPetAccess(tx, userId, petId, 'write', now, { lock: true });
    if (otherPetIds.includes(petId)) throw badRequest({ also_for_pet_ids: 'Invalid_Value_Error' });
    const accesses = [first];
    for (const id of otherPetIds)
      accesses.push(await assertPetAccess(tx, userId, id, 'write', now, { lock: true }));
    const rows = accesses.map(
      (access): ContactInsert => ({
        id: randomUUID(),
        userId: access.ownerId,
        petId: access.petId,
        ...values,
      }),
    );
    const stored = await insertContacts(tx, rows);
    for (const row of rows) await recordChange(tx, userId, row.petId, 'created', row.id, now);
    return { rows, stored };
  });
  // RETURNING's row order is not promised: the pet's own contact is found by its id.
  const [first, ...copies] = rows as [ContactInsert, ...ContactInsert[]];
  const created = stored.find((row) => row.id === first.id)!;
  return { ...toContact(created), copies: copies.map(({ petId: pet_id, id }) => ({ pet_id, id })) };
}

export async function editContact(
  deps: ContactsDeps,
  userId: string,
  contactId: string,
  body: UpdateContactBody,
): Promise<Contact> {
  const now = deps.clock();
  return inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, contacts, contactId, 'write', now);
    const row = await updateContact(tx, access.petId, contactId, contactValues(body));
    if (!row) throw notFound();
    await recordChange(tx, userId, access.petId, 'updated', contactId, now);
    return toContact(row);
  });
}

export async function removeContact(deps: ContactsDeps, userId: string, contactId: string): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const access = await assertRecordAccess(tx, userId, contacts, contactId, 'write', now);
    if (!(await deleteContact(tx, access.petId, contactId))) throw notFound();
    await recordChange(tx, userId, access.petId, 'deleted', contactId, now);
  });
}
