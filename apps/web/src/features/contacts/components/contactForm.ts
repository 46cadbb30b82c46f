import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Contact,
  type CreateContactInput,
  createContactSchema,
  type UpdateContactInput,
  updateContactSchema,
} from '@pet/shared';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  CONTACT_DETAILS_FIELDS,
  type ContactDetailsValues,
  contactDetailsOf,
  emptyContactDetails,
} from '../../../components/form/contactDetails.ts';
import { inputValuesOf } from '../../../lib/inputValues.ts';
import { VET } from './contactTypes.ts';

// What the add and edit forms hold, how they are checked (the shared schemas, so the form and the API
// refuse the same input with the same text keys) and what they send. The form calls "vet since" `vet_since`
// (issue 10); the API calls it `doctor_since`.

/** Every input holds a string; '' means "nothing entered". */
export interface ContactFormValues extends ContactDetailsValues {
  contact_type: string;
  title: string;
  name: string;
  /** dd.MM.yyyy; only a vet has one. */
  vet_since: string;
  /** The add form's "also add to": the owner's other pets that get a copy. */
  also_for_pet_ids: string[];
}

export type ContactFieldName = keyof ContactFormValues;

/** The fields the API may name in a 400's `fields`, so its messages land under the inputs. */
export const SERVER_FIELDS: readonly ContactFieldName[] = [
  'contact_type',
  'title',
  'name',
  ...CONTACT_DETAILS_FIELDS,
  'also_for_pet_ids',
];
/** The API's names that differ from the form's. */
export const SERVER_FIELD_NAMES: Partial<Record<string, ContactFieldName>> = { doctor_since: 'vet_since' };

const { doctor_since: vetSince, ...sharedFields } = updateContactSchema.shape;

const editFormSchema = z.object({ ...sharedFields, vet_since: vetSince });
const addFormSchema = editFormSchema.extend({
  also_for_pet_ids: createContactSchema.shape.also_for_pet_ids,
});
export type EditFormOutput = z.output<typeof editFormSchema>;
export type AddFormOutput = z.output<typeof addFormSchema>;

/**
 * "Vet since" belongs to vets only: for any other type the field is hidden (it may still hold an entry from
 * before the type changed), so it is neither checked nor sent.
 */
function vetSinceForVetsOnly<Output>(
  resolver: Resolver<ContactFormValues, unknown, Output>,
): Resolver<ContactFormValues, unknown, Output> {
  return (values, context, options) =>
    resolver(values.contact_type.trim() === VET ? values : { ...values, vet_since: '' }, context, options);
}

// The schemas type their input as the API's (nullable fields, no ''); the forms hold strings, so the
// resolvers are typed against the form's values. What they check and answer is exactly the shared schemas'.
export const addFormResolver = vetSinceForVetsOnly(
  zodResolver(addFormSchema) as unknown as Resolver<ContactFormValues, unknown, AddFormOutput>,
);
export const editFormResolver = vetSinceForVetsOnly(
  zodResolver(editFormSchema) as unknown as Resolver<ContactFormValues, unknown, EditFormOutput>,
);

export function emptyContactValues(contactType: string): ContactFormValues {
  return {
    contact_type: contactType,
    title: '',
    name: '',
    ...emptyContactDetails(),
    vet_since: '',
    also_for_pet_ids: [],
  };
}

/** A stored contact as the edit form's values. */
export function formValuesOf(contact: Contact): ContactFormValues {
  return {
    ...inputValuesOf(contact, ['contact_type', 'title', 'name', ...CONTACT_DETAILS_FIELDS]),
    vet_since: contact.doctor_since ?? '',
    also_for_pet_ids: [],
  };
}

/** PUT /v1/contact body (spec 2 section 7); `contactType` is the type the user meant (see resolveContactType). */
export function updatePayload(values: EditFormOutput, contactType = values.contact_type): UpdateContactInput {
  return {
    title: values.title,
    name: values.name,
    ...contactDetailsOf(values),
    contact_type: contactType,
    doctor_since: contactType === VET ? values.vet_since : null,
  };
}

/** POST /v1/contact body: the contact and the other pets that get a copy. */
export function createPayload(values: AddFormOutput, contactType = values.contact_type): CreateContactInput {
  return { ...updatePayload(values, contactType), also_for_pet_ids: values.also_for_pet_ids };
}
