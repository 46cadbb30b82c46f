import { describe, expect, it } from 'vitest';
import { CONTACT_DETAILS_FIELDS, contactDetailsOf, emptyContactDetails } from './contactDetails.ts';

describe('contact details', () => {
  it('an empty entry has every field, each with nothing entered', () => {
    expect(Object.keys(emptyContactDetails()).sort()).toEqual([...CONTACT_DETAILS_FIELDS].sort());
    expect(new Set(Object.values(emptyContactDetails()))).toEqual(new Set(['']));
  });

  it('takes exactly the contact details from a form’s values, as they are', () => {
    const details = {
      phone: '0221 123',
      email: null,
      address: 'Ring 1',
      zip: '50667',
      city: 'Köln',
      country: 'DE',
    };
    expect(contactDetailsOf({ name: 'Dr. Vet', title: 'Dr.', ...details })).toEqual(details);
  });
});
