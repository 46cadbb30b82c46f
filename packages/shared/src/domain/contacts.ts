// The contacts domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/contacts.ts.

/** The predefined types, in the order the contacts page shows them. Any other value is a custom type. */
export const CONTACT_TYPES = [
  'Holder',
  'Vet',
  'Breeder',
  'Groomer',
  'CareTaker',
  'Kennel',
  'Trainer',
] as const;

export type PredefinedContactType = (typeof CONTACT_TYPES)[number];

export function isPredefinedContactType(value: string): value is PredefinedContactType {
  return (CONTACT_TYPES as readonly string[]).includes(value);
}

export const CONTACT_LIMITS = {
  title: 40,
  name: 100,
  address: 200,
  zip: 20,
  city: 80,
  phone: 40,
  /** A custom type is a short label the user types ("Physiotherapist"). */
  contactType: 40,
  /** How many other pets one POST may copy the contact to. */
  alsoFor: 50,
} as const;
