import { CONTACT_TYPES, type Contact, isoToDisplayDate } from '@pet/shared';
import type { ContactRow } from './contacts.repo.ts';

// Rows -> the contact as the API answers it (the spec's names, "vet since" as dd.MM.yyyy), and the order of
// the contacts page: the predefined types in their fixed order, then the user's own types by name, then the
// contacts of a type by name.

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    pet_id: row.petId,
    title: row.title,
    name: row.name,
    address: row.address,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    email: row.email,
    contact_type: row.contactType,
    doctor_since: row.doctorSince ? isoToDisplayDate(row.doctorSince) : null,
    created_at: row.createdAt.toISOString(),
  };
}

// Sorted here rather than in SQL: the database's collation differs between PGlite and PostgreSQL clusters,
// and "Änne" belongs next to "Anna" in either language.
const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** A predefined type's place in CONTACT_TYPES; every custom type after them. */
const typeRank = (type: string) => {
  const index = (CONTACT_TYPES as readonly string[]).indexOf(type);
  return index === -1 ? CONTACT_TYPES.length : index;
};

const compareText = (a: string, b: string) => byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

export function sortForList(rows: ContactRow[]): ContactRow[] {
  return rows.toSorted(
    (a, b) =>
      typeRank(a.contactType) - typeRank(b.contactType) ||
      // Types that differ only in case or accents stay apart (two groups), each in one piece.
      compareText(a.contactType, b.contactType) ||
      compareText(a.name, b.name) ||
      (a.id < b.id ? -1 : 1),
  );
}
