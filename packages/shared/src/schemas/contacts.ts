import { z } from 'zod';
import { CONTACT_LIMITS } from '../domain/contacts.ts';
import { notAfterToday } from '../domain/dates.ts';
import { optionalCountryField, optionalEmailField, optionalText } from './common.ts';
import { optionalDateField } from './dates.ts';

// Contacts of a pet (document 2, sections 2, 3, 5 and 7): vet, breeder, sitter... one list per pet. A contact
// answers with the spec's names, without a prefix (unlike medical records).

const name = z
  .string({ error: 'Name_Error' })
  .trim()
  .min(1, 'Name_Error')
  .max(CONTACT_LIMITS.name, 'Max_Length_Error');

const phone = z
  .string({ error: 'Phone_Error' })
  .trim()
  .min(1, 'Phone_Error')
  .max(CONTACT_LIMITS.phone, 'Max_Length_Error');

/** A predefined type or the user's own label. */
const contactType = z
  .string({ error: 'Contact_type_Error' })
  .trim()
  .min(1, 'Contact_type_Error')
  .max(CONTACT_LIMITS.contactType, 'Max_Length_Error');

/** dd.MM.yyyy, not after today; kept only for a Vet (the server clears it for the other types). */
const doctorSince = optionalDateField.refine(notAfterToday, 'Date_In_Future_Error');

const fields = {
  title: optionalText(CONTACT_LIMITS.title),
  name,
  address: optionalText(CONTACT_LIMITS.address),
  zip: optionalText(CONTACT_LIMITS.zip),
  city: optionalText(CONTACT_LIMITS.city),
  country: optionalCountryField,
  phone,
  email: optionalEmailField,
  contact_type: contactType,
  /** The form's "vet since" field (`vet_since`), sent under the spec's name. */
  doctor_since: doctorSince,
};

/** PUT /v1/contact?contact_id=: the contact's new values (the pet does not change). */
export const updateContactSchema = z.object(fields);
export type UpdateContactInput = z.input<typeof updateContactSchema>;

/**
 * POST /v1/contact?pet_id=. `also_for_pet_ids`: the owner's other pets that get a copy each (most owners have
 * one vet for all their animals); each copy is a contact of its own, edited and deleted on its own.
 */
export const createContactSchema = z.object({
  ...fields,
  also_for_pet_ids: z
    .array(z.string({ error: 'Invalid_Value_Error' }).trim().min(1, 'Invalid_Value_Error'), {
      error: 'Invalid_Value_Error',
    })
    .max(CONTACT_LIMITS.alsoFor, 'Invalid_Value_Error')
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type CreateContactInput = z.input<typeof createContactSchema>;

/** A contact as every call answers it. */
export const contactSchema = z.object({
  id: z.string(),
  pet_id: z.string(),
  title: z.string().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  contact_type: z.string(),
  /** dd.MM.yyyy, or null. */
  doctor_since: z.string().nullable(),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** POST answers the new contact and the copies it made for the other pets (pet id and the copy's id). */
export const createdContactSchema = contactSchema.extend({
  copies: z.array(z.object({ pet_id: z.string(), id: z.string() })),
});
export type CreatedContact = z.infer<typeof createdContactSchema>;

/** GET /v1/contact/mycontacts?pet_id=: the pet's contacts, by type (predefined order, then custom), then name. */
export const contactListSchema = z.array(contactSchema);
