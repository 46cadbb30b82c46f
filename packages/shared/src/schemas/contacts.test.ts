import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_TYPES, isPredefinedContactType } from '../domain/contacts.ts';
import { daysFromToday } from '../domain/dates.ts';
import { contactSchema, createContactSchema, createdContactSchema, updateContactSchema } from './contacts.ts';

// The contact rules of document 2, section 5 (name, phone, e-mail, contact type required or valid), and the
// limits and conversions the contract adds (lengths, country code, "vet since", the copies for other pets).

const valid = { name: 'Anna Vet', phone: '+49 30 123456', contact_type: 'Vet' };

/** Field -> text key of a refused body (the API's `fields` take the first issue of each field). */
const fields = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
};

const refused = (body: object) => fields(updateContactSchema.safeParse({ ...valid, ...body }));

describe('contact types', () => {
  it('the seven predefined types in the page’s order; anything else is custom', () => {
    expect(CONTACT_TYPES).toEqual(['Holder', 'Vet', 'Breeder', 'Groomer', 'CareTaker', 'Kennel', 'Trainer']);
    for (const type of CONTACT_TYPES) expect(isPredefinedContactType(type)).toBe(true);
    for (const type of ['vet', 'Physiotherapist', '', 'Vet '])
      expect(isPredefinedContactType(type)).toBe(false);
  });
});

describe('contact request schemas', () => {
  it('the three required fields are enough; every optional field absent or blank becomes null', () => {
    const none = {
      title: null,
      address: null,
      zip: null,
      city: null,
      country: null,
      email: null,
      doctor_since: null,
    };
    expect(updateContactSchema.parse(valid)).toEqual({ ...valid, ...none });
    const blanks = {
      title: '',
      address: ' ',
      zip: null,
      city: '',
      country: '',
      email: '  ',
      doctor_since: '',
    };
    expect(updateContactSchema.parse({ ...valid, ...blanks })).toEqual({ ...valid, ...none });
  });

  it('text is trimmed; a custom type is kept as typed; the country code is upper-cased', () => {
    expect(
      updateContactSchema.parse({
        ...valid,
        name: '  Anna Vet ',
        phone: ' 0301234 ',
        contact_type: ' Physiotherapist ',
        email: ' praxis@example.test ',
        country: 'de',
        city: ' Berlin ',
      }),
    ).toMatchObject({
      name: 'Anna Vet',
      phone: '0301234',
      contact_type: 'Physiotherapist',
      email: 'praxis@example.test',
      country: 'DE',
      city: 'Berlin',
    });
  });

  it('name required: Name_Error; longer than its limit: Max_Length_Error', () => {
    for (const name of [undefined, null, '', '   ', 42])
      expect(refused({ name })).toEqual({ name: 'Name_Error' });
    expect(refused({ name: 'x'.repeat(CONTACT_LIMITS.name) })).toEqual({});
    expect(refused({ name: 'x'.repeat(CONTACT_LIMITS.name + 1) })).toEqual({ name: 'Max_Length_Error' });
  });

  it('phone required: Phone_Error; longer than its limit: Max_Length_Error', () => {
    for (const phone of [undefined, null, '', '  '])
      expect(refused({ phone })).toEqual({ phone: 'Phone_Error' });
    expect(refused({ phone: '1'.repeat(CONTACT_LIMITS.phone + 1) })).toEqual({ phone: 'Max_Length_Error' });
  });

  it('contact type required: Contact_type_Error; a custom one longer than its limit: Max_Length_Error', () => {
    for (const contact_type of [undefined, null, '', '  ']) {
      expect(refused({ contact_type })).toEqual({ contact_type: 'Contact_type_Error' });
    }
    expect(refused({ contact_type: 'x'.repeat(CONTACT_LIMITS.contactType) })).toEqual({});
    expect(refused({ contact_type: 'x'.repeat(CONTACT_LIMITS.contactType + 1) })).toEqual({
      contact_type: 'Max_Length_Error',
    });
  });

  it('e-mail optional but valid when given: Email_Format_Error', () => {
    for (const email of ['vet@', 'no-at.example', 'a b@example.test', `${'x'.repeat(250)}@example.test`, 7]) {
      expect(refused({ email })).toEqual({ email: 'Email_Format_Error' });
    }
  });

  it('country: a two-letter code or nothing: Invalid_Value_Error', () => {
    for (const country of ['Germany', 'D', 'DEU', '1A', 49]) {
      expect(refused({ country })).toEqual({ country: 'Invalid_Value_Error' });
    }
  });

  it('optional texts over their limits: Max_Length_Error', () => {
    for (const [field, max] of [
      ['title', CONTACT_LIMITS.title],
      ['address', CONTACT_LIMITS.address],
      ['zip', CONTACT_LIMITS.zip],
      ['city', CONTACT_LIMITS.city],
    ] as const) {
      expect(refused({ [field]: 'x'.repeat(max) })).toEqual({});
      expect(refused({ [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: 'Max_Length_Error' });
    }
  });

  it('vet since: dd.MM.yyyy (Date_Format_Error), not after today (Date_In_Future_Error)', () => {
    const today = daysFromToday(0, { timeZone: 'UTC' });
    expect(updateContactSchema.parse({ ...valid, doctor_since: today }).doctor_since).toBe(today);
    expect(refused({ doctor_since: '01.03.2019' })).toEqual({});
    for (const doctor_since of ['2019-03-01', '31.02.2019', '1.3.2019']) {
      expect(refused({ doctor_since })).toEqual({ doctor_since: 'Date_Format_Error' });
    }
    // Two days ahead is tomorrow even at UTC+14.
    expect(refused({ doctor_since: daysFromToday(2, { timeZone: 'UTC' }) })).toEqual({
      doctor_since: 'Date_In_Future_Error',
    });
  });

  it('every broken field is named at once', () => {
    expect(
      fields(updateContactSchema.safeParse({ email: 'x', country: 'Deutschland', doctor_since: 'soon' })),
    ).toEqual({
      name: 'Name_Error',
      phone: 'Phone_Error',
      contact_type: 'Contact_type_Error',
      email: 'Email_Format_Error',
      country: 'Invalid_Value_Error',
      doctor_since: 'Date_Format_Error',
    });
  });
});

describe('also for other pets (create only)', () => {
  it('absent or null is none; ids are trimmed and duplicates dropped, in order', () => {
    expect(createContactSchema.parse(valid).also_for_pet_ids).toEqual([]);
    expect(createContactSchema.parse({ ...valid, also_for_pet_ids: null }).also_for_pet_ids).toEqual([]);
    expect(
      createContactSchema.parse({ ...valid, also_for_pet_ids: [' b ', 'a', 'b', 'a'] }).also_for_pet_ids,
    ).toEqual(['b', 'a']);
  });

  it('not a list of ids, blank ids, or more than the limit: Invalid_Value_Error', () => {
    const many = Array.from({ length: CONTACT_LIMITS.alsoFor + 1 }, (_, i) => `pet-${i}`);
    for (const also_for_pet_ids of ['pet-1', [''], ['  '], [42], many]) {
      expect(fields(createContactSchema.safeParse({ ...valid, also_for_pet_ids }))).toEqual({
        also_for_pet_ids: 'Invalid_Value_Error',
      });
    }
    expect(
      createContactSchema.parse({ ...valid, also_for_pet_ids: many.slice(1) }).also_for_pet_ids,
    ).toHaveLength(CONTACT_LIMITS.alsoFor);
  });

  it('an edit cannot copy: the field is not part of it', () => {
    expect(updateContactSchema.parse({ ...valid, also_for_pet_ids: ['x'] })).not.toHaveProperty(
      'also_for_pet_ids',
    );
  });
});

describe('contact answers', () => {
  const answer = {
    id: 'c1',
    pet_id: 'p1',
    title: null,
    name: 'Anna Vet',
    address: null,
    zip: null,
    city: null,
    country: 'DE',
    phone: '030',
    email: null,
    contact_type: 'Vet',
    doctor_since: '01.03.2019',
    created_at: '2026-01-01T00:00:00.000Z',
  };

  it('a contact, and a new one with the ids of its copies', () => {
    expect(contactSchema.parse(answer)).toEqual(answer);
    const created = { ...answer, copies: [{ pet_id: 'p2', id: 'c2' }] };
    expect(createdContactSchema.parse(created)).toEqual(created);
    expect(createdContactSchema.safeParse(answer).success).toBe(false);
  });
});
