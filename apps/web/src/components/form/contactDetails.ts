/** The fields of ContactDetailsFields (how to reach someone else); a form using it holds them under these names. */
export const CONTACT_DETAILS_FIELDS = ['phone', 'email', 'address', 'zip', 'city', 'country'] as const;

/** What the inputs hold ('' for nothing entered); `country` is an ISO 3166-1 alpha-2 code. */
export type ContactDetailsValues = Record<(typeof CONTACT_DETAILS_FIELDS)[number], string>;

/** The contact details of a new entry: nothing entered. */
export function emptyContactDetails(): ContactDetailsValues {
  return { phone: '', email: '', address: '', zip: '', city: '', country: '' };
}

type ContactDetailsField = (typeof CONTACT_DETAILS_FIELDS)[number];

/** The contact details of a form's checked values, as its request body carries them. */
export function contactDetailsOf<Values extends Record<ContactDetailsField, unknown>>(
  values: Values,
): Pick<Values, ContactDetailsField> {
  const { phone, email, address, zip, city, country } = values;
  return { phone, email, address, zip, city, country };
}
