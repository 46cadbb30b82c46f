import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { petRecordKeys, recordTimestamps } from './record-columns.ts';

// Contacts of a user's pets (vet, breeder, sitter...). A contact belongs to one pet: "also add to my other
// pets" makes a copy per pet, each edited on its own. `contact_type` is a predefined type or the user's own.

export const contacts = pgTable(
  'contacts',
  {
    ...petRecordKeys(),
    title: text('title'),
    name: text('name').notNull(),
    address: text('address'),
    zip: text('zip'),
    city: text('city'),
    /** ISO 3166-1 alpha-2 */
    country: text('country'),
    phone: text('phone').notNull(),
    email: text('email'),
    /** Holder | Vet | Breeder | Groomer | CareTaker | Kennel | Trainer, or the user's own type. */
    contactType: text('contact_type').notNull(),
    /** "Vet since": only for a Vet. */
    doctorSince: date('doctor_since', { mode: 'string' }),
    ...recordTimestamps(),
  },
  (t) => [
    index('contacts_user_id_idx').on(t.userId),
    index('contacts_pet_id_idx').on(t.petId, t.contactType),
  ],
);
