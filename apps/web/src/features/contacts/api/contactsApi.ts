import type { Contact, CreateContactInput, CreatedContact, UpdateContactInput } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The contact calls of spec 2 section 7, plus the delete users expect (issue 10). Every pet's list lives
// under one key prefix: adding a contact with copies for other pets changes several lists at once.

export const contactsKey = ['contacts'] as const;

/** GET /v1/contact/mycontacts?pet_id=: the pet's contacts, by type (predefined order, then custom), then name. */
export function petContactsQuery(petId: string) {
  return queryOptions({
    queryKey: [...contactsKey, 'pet', petId] as const,
    queryFn: ({ signal }) => apiFetch<Contact[]>(apiPaths.petContacts, { query: { pet_id: petId }, signal }),
  });
}

/** POST /v1/contact?pet_id=: answers the new contact and the copies made for `also_for_pet_ids`. */
export function createContact(petId: string, body: CreateContactInput) {
  return apiFetch<CreatedContact>(apiPaths.contact, { method: 'POST', query: { pet_id: petId }, body });
}

/** PUT /v1/contact?contact_id=: answers the contact with its new values. */
export function updateContact(contactId: string, body: UpdateContactInput) {
  return apiFetch<Contact>(apiPaths.contact, { method: 'PUT', query: { contact_id: contactId }, body });
}

/** DELETE /v1/contact?contact_id= (204). */
export function deleteContact(contactId: string) {
  return apiFetch<void>(apiPaths.contact, { method: 'DELETE', query: { contact_id: contactId } });
}
