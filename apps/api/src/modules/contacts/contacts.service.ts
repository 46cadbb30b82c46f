import { randomUUID } from 'node:crypto';
import {
  type Contact,
  type CreatedContact,
  type createContactSchema,
  displayDateToIso,
  type updateContactSchema,
} from '@pet/shared';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { ownPetIds } from '../pets/pet-ownership.ts';
import { sortForList, toContact } from './contacts.mapper.ts';
import {
  type ContactInsert,
  type ContactValues,
  deleteContact,
  insertContacts,
  listPetContacts,
  updateContact,
} from './contacts.repo.ts';

// The contact rules: only the owner's pets and contacts (someone else's answers 404 like a missing one); on
// every plan; "vet since" belongs to a vet only; "also add to my other pets" makes one independent copy per
// pet, all or none.

export type ContactsDeps = Pick<AppContext, 'db'>;

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
  const rows = await listPetContacts(deps.db, userId, petId);
  if (!rows) throw notFound();
  return sortForList(rows).map(toContact);
}

/**
 * The contact for the pet and a copy for each pet of `also_for_pet_ids`, in one transaction. The pet itself
 * in that list is a malformed request (400 on the field); any id there that is not one of the owner's pets
 * answers 404 exactly like a missing pet, and nothing is saved.
 */
export async function createContact(
  deps: ContactsDeps,
  userId: string,
  petId: string,
  body: CreateContactBody,
): Promise<CreatedContact> {
  const { also_for_pet_ids: otherPetIds, ...fields } = body;
  const values = contactValues(fields);
  const rows = [petId, ...otherPetIds].map(
    (id): ContactInsert => ({ id: randomUUID(), userId, petId: id, ...values }),
  );
  const stored = await inTransaction(deps.db, async (tx) => {
    const own = await ownPetIds(tx, userId, [petId, ...otherPetIds]);
    if (!own.has(petId)) throw notFound();
    if (otherPetIds.includes(petId)) throw badRequest({ also_for_pet_ids: 'Invalid_Value_Error' });
    if (otherPetIds.some((id) => !own.has(id))) throw notFound();
    return insertContacts(tx, rows);
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
  const row = await updateContact(deps.db, userId, contactId, contactValues(body));
  if (!row) throw notFound();
  return toContact(row);
}

export async function removeContact(deps: ContactsDeps, userId: string, contactId: string): Promise<void> {
  if (!(await deleteContact(deps.db, userId, contactId))) throw notFound();
}
