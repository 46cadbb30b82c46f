import { contactListSchema, contactSchema, createdContactSchema } from '@pet/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { contactBody } from '../../../test/support/contacts.ts';
import { addPet, call, displayDate } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { contacts } from '../../db/schema/contacts.ts';

const t = useTestApp();
const VIAS = ['cookie', 'bearer'] as const;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };

/** Accounts shared by the tests that need no fresh one. */
let me: TestUser;
let myPet: { id: string; name: string };
let stranger: TestUser;
let strangerPet: { id: string; name: string };
beforeAll(async () => {
  me = await t.user({ plan: 'premium' });
  myPet = await addPet(t, me, { name: 'Bello' });
  stranger = await t.user({ plan: 'premium' });
  strangerPet = await addPet(t, stranger, { name: 'Not mine' });
});

async function contactCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(contacts).where(eq(contacts.userId, userId));
  return row?.n ?? 0;
}

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

async function addContact(user: TestUser, petId: string, extra: object = {}): Promise<string> {
  const response = await call(t, user, 'POST', `/v1/contact?pet_id=${petId}`, contactBody(extra));
  if (response.statusCode !== 201) throw new Error(`add contact: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

const listOf = async (user: TestUser, petId: string) =>
  contactListSchema.parse((await call(t, user, 'GET', `/v1/contact/mycontacts?pet_id=${petId}`)).json());

describe('POST /v1/contact?pet_id=', () => {
  test.each(VIAS)('201 with the spec’s fields and the id (%s)', async (via) => {
    const response = await call(t, me, 'POST', `/v1/contact?pet_id=${myPet.id}`, contactBody(), via);
    expect(response.statusCode).toBe(201);
    const contact = createdContactSchema.parse(response.json());
    // Every field as sent (the body is a vet with every field filled), its id and pet, and no copies.
    expect(contact).toEqual({
      ...contactBody(),
      id: expect.any(String),
      pet_id: myPet.id,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      copies: [],
    });
    expect(await storedRow(contact.id)).toMatchObject({
      userId: me.id,
      petId: myPet.id,
      doctorSince: '2019-03-01',
    });
  });

  test('only the required fields; blanks become null; "vet since" is dropped for any type but Vet', async () => {
    const response = await call(t, me, 'POST', `/v1/contact?pet_id=${myPet.id}`, {
      name: ' Max Groomer ',
      phone: ' 0301 ',
      contact_type: 'Groomer',
      email: '',
      country: 'at',
      doctor_since: '01.03.2019',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Max Groomer',
      phone: '0301',
      contact_type: 'Groomer',
      title: null,
      address: null,
      zip: null,
      city: null,
      email: null,
      country: 'AT',
      doctor_since: null,
    });
    expect((await storedRow(response.json().id))?.doctorSince).toBeNull();
  });

  test('a custom type is kept as typed', async () => {
    const id = await addContact(me, myPet.id, { contact_type: ' Physiotherapist ', doctor_since: null });
    expect((await storedRow(id))?.contactType).toBe('Physiotherapist');
  });

  test('contacts are on every plan: the free plan adds one', async () => {
    const free = await t.user();
    const pet = await addPet(t, free);
    const response = await call(t, free, 'POST', `/v1/contact?pet_id=${pet.id}`, contactBody());
    expect(response.statusCode).toBe(201);
    expect(await contactCount(free.id)).toBe(1);
  });

  describe('each rule: 400 with the field and its text key, nothing saved', () => {
    const cases: Array<[string, object, string, string]> = [
      ['name missing', { name: undefined }, 'name', 'Name_Error'],
      ['name blank', { name: '   ' }, 'name', 'Name_Error'],
      ['name too long', { name: 'x'.repeat(101) }, 'name', 'Max_Length_Error'],
      ['phone missing', { phone: undefined }, 'phone', 'Phone_Error'],
      ['phone blank', { phone: '' }, 'phone', 'Phone_Error'],
      ['phone too long', { phone: '1'.repeat(41) }, 'phone', 'Max_Length_Error'],
      ['e-mail invalid', { email: 'vet@' }, 'email', 'Email_Format_Error'],
      ['e-mail with a space', { email: 'anna vet@example.test' }, 'email', 'Email_Format_Error'],
      ['type missing', { contact_type: undefined }, 'contact_type', 'Contact_type_Error'],
      ['type blank', { contact_type: ' ' }, 'contact_type', 'Contact_type_Error'],
      ['custom type too long', { contact_type: 'x'.repeat(41) }, 'contact_type', 'Max_Length_Error'],
      ['title too long', { title: 'x'.repeat(41) }, 'title', 'Max_Length_Error'],
      ['address too long', { address: 'x'.repeat(201) }, 'address', 'Max_Length_Error'],
      ['zip too long', { zip: '1'.repeat(21) }, 'zip', 'Max_Length_Error'],
      ['city too long', { city: 'x'.repeat(81) }, 'city', 'Max_Length_Error'],
      ['country a name', { country: 'Germany' }, 'country', 'Invalid_Value_Error'],
      ['country three letters', { country: 'DEU' }, 'country', 'Invalid_Value_Error'],
      ['vet since malformed', { doctor_since: '2019-03-01' }, 'doctor_since', 'Date_Format_Error'],
      ['vet since in the future', { doctor_since: displayDate(3) }, 'doctor_since', 'Date_In_Future_Error'],
      ['also for not a list', { also_for_pet_ids: 'x' }, 'also_for_pet_ids', 'Invalid_Value_Error'],
    ];
    test.each(cases)('%s', async (_case, change, field, key) => {
      const before = await contactCount(me.id);
      const response = await call(t, me, 'POST', `/v1/contact?pet_id=${myPet.id}`, contactBody(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Bad_Request_Text',
        fields: { [field]: key },
      });
      expect(await contactCount(me.id)).toBe(before);
    });
  });

  test('someone else’s pet or a missing one: 404 alike, nothing saved for anyone', async () => {
    const before = await contactCount(me.id);
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'POST', `/v1/contact?pet_id=${id}`, contactBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await contactCount(me.id)).toBe(before);
    expect(await contactCount(stranger.id)).toBe(0);
  });

  test('400 without pet_id; 401 without a session', async () => {
    const response = await call(t, me, 'POST', '/v1/contact', contactBody());
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ pet_id: 'Required_Error' });
    expect((await call(t, null, 'POST', `/v1/contact?pet_id=${myPet.id}`, contactBody())).statusCode).toBe(
      401,
    );
  });
});

describe('also for the owner’s other pets', () => {
  let owner: TestUser;
  let pets: Array<{ id: string; name: string }>;
  beforeAll(async () => {
    owner = await t.user({ plan: 'premium' });
    pets = [
      await addPet(t, owner, { name: 'Bello' }),
      await addPet(t, owner, { name: 'Mimi', pet_type: 'Cat' }),
      await addPet(t, owner, { name: 'Rex' }),
    ];
  });

  test('one copy per other pet, each a contact of its own: editing or deleting one leaves the others', async () => {
    const [first, second, third] = pets as [(typeof pets)[0], (typeof pets)[0], (typeof pets)[0]];
    const response = await call(
      t,
      owner,
      'POST',
      `/v1/contact?pet_id=${first.id}`,
      contactBody({ also_for_pet_ids: [third.id, second.id, third.id] }),
    );
    expect(response.statusCode).toBe(201);
    const created = createdContactSchema.parse(response.json());
    expect(created.pet_id).toBe(first.id);
    expect(created.copies.map((c) => c.pet_id)).toEqual([third.id, second.id]);
    const ids = [created.id, ...created.copies.map((c) => c.id)];
    expect(new Set(ids).size).toBe(3);

    for (const [pet, id] of [
      [first, created.id],
      [third, created.copies[0]!.id],
      [second, created.copies[1]!.id],
    ] as const) {
      const list = await listOf(owner, pet.id);
      expect(list).toEqual([{ ...contactBody(), id, pet_id: pet.id, created_at: expect.any(String) }]);
    }

    const edited = await call(
      t,
      owner,
      'PUT',
      `/v1/contact?contact_id=${created.copies[1]!.id}`,
      contactBody({ name: 'Mimi’s vet', phone: '040 1' }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await listOf(owner, second.id))[0]).toMatchObject({ name: 'Mimi’s vet', phone: '040 1' });
    for (const pet of [first, third]) {
      expect((await listOf(owner, pet.id))[0]).toMatchObject({ name: 'Anna Vet', phone: '+49 30 123456' });
    }

    expect((await call(t, owner, 'DELETE', `/v1/contact?contact_id=${created.id}`)).statusCode).toBe(204);
    expect(await listOf(owner, first.id)).toEqual([]);
    expect(await listOf(owner, second.id)).toHaveLength(1);
    expect(await listOf(owner, third.id)).toHaveLength(1);
  });

  test('someone else’s or a missing pet among them: 404 like a missing pet, and no contact at all', async () => {
    const [first, second] = pets as [(typeof pets)[0], (typeof pets)[0]];
    const before = await contactCount(owner.id);
    for (const other of [strangerPet.id, 'no-such-pet', 'x'.repeat(200_000)]) {
      const response = await call(
        t,
        owner,
        'POST',
        `/v1/contact?pet_id=${first.id}`,
        contactBody({ also_for_pet_ids: [second.id, other] }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await contactCount(owner.id)).toBe(before);
    expect(await contactCount(stranger.id)).toBe(0);
  });

  test('the pet itself among them: 400 on the field, no contact at all', async () => {
    const [first, second] = pets as [(typeof pets)[0], (typeof pets)[0]];
    const before = await contactCount(owner.id);
    const response = await call(
      t,
      owner,
      'POST',
      `/v1/contact?pet_id=${first.id}`,
      contactBody({ also_for_pet_ids: [second.id, first.id] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Bad_Request_Text',
      fields: { also_for_pet_ids: 'Invalid_Value_Error' },
    });
    expect(await contactCount(owner.id)).toBe(before);
  });

  test('a stranger cannot copy to the owner’s pets from a pet of their own', async () => {
    const before = await contactCount(owner.id);
    const response = await call(
      t,
      stranger,
      'POST',
      `/v1/contact?pet_id=${strangerPet.id}`,
      contactBody({ also_for_pet_ids: [pets[0]!.id] }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect(await contactCount(owner.id)).toBe(before);
    expect(await contactCount(stranger.id)).toBe(0);
  });
});

describe('GET /v1/contact/mycontacts?pet_id=', () => {
  test.each(VIAS)(
    'predefined types in their order, then custom types by name, then by name (%s)',
    async (via) => {
      const user = await t.user({ plan: 'basic' });
      const pet = await addPet(t, user);
      const other = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
      const add = (name: string, contact_type: string) =>
        addContact(user, pet.id, { name, contact_type, doctor_since: null });
      // Added out of order on purpose.
      await add('Zora', 'Trainer');
      await add('Paul', 'physio');
      await add('Bert', 'Vet');
      await add('Olga', 'Osteopath');
      await add('anna', 'Vet');
      await add('Ärztin', 'Vet');
      await add('Me', 'Holder');
      await add('Kim', 'Kennel');
      await add('Petra', 'Physio');
      await add('Carl', 'CareTaker');
      await add('Adam', 'Ärzte-Notdienst');
      await add('Gina', 'Groomer');
      await add('Bruno', 'Breeder');
      await addContact(user, other.id, { name: 'Not this pet' });

      const response = await call(t, user, 'GET', `/v1/contact/mycontacts?pet_id=${pet.id}`, undefined, via);
      expect(response.statusCode).toBe(200);
      const list = contactListSchema.parse(response.json());
      expect(list.map((c) => [c.contact_type, c.name])).toEqual([
        ['Holder', 'Me'],
        ['Vet', 'anna'],
        ['Vet', 'Ärztin'],
        ['Vet', 'Bert'],
        ['Breeder', 'Bruno'],
        ['Groomer', 'Gina'],
        ['CareTaker', 'Carl'],
        ['Kennel', 'Kim'],
        ['Trainer', 'Zora'],
        ['Ärzte-Notdienst', 'Adam'],
        ['Osteopath', 'Olga'],
        // Types differing only in case are two groups, each in one piece.
        ['Physio', 'Petra'],
        ['physio', 'Paul'],
      ]);
      for (const contact of list) {
        expect(contact.pet_id).toBe(pet.id);
        expect(Object.keys(contact).sort()).toEqual(Object.keys(contactSchema.shape).sort());
      }
    },
  );

  test('a pet without contacts: an empty list', async () => {
    const pet = await addPet(t, me, { name: 'Empty' });
    expect(await listOf(me, pet.id)).toEqual([]);
  });

  test('someone else’s pet or a missing one: 404 alike; 400 without pet_id; 401 without a session', async () => {
    await addContact(me, myPet.id);
    for (const id of [myPet.id, 'no-such-pet']) {
      const response = await call(t, stranger, 'GET', `/v1/contact/mycontacts?pet_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    const noPet = await call(t, me, 'GET', '/v1/contact/mycontacts');
    expect(noPet.statusCode).toBe(400);
    expect(noPet.json().fields).toEqual({ pet_id: 'Required_Error' });
    expect((await call(t, null, 'GET', `/v1/contact/mycontacts?pet_id=${myPet.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /v1/contact?contact_id=', () => {
  test.each(VIAS)('saves every field and answers the contact (%s)', async (via) => {
    const id = await addContact(me, myPet.id);
    const response = await call(
      t,
      me,
      'PUT',
      `/v1/contact?contact_id=${id}`,
      {
        title: '',
        name: 'Anna Tierärztin',
        address: 'Neue Straße 2',
        zip: '20095',
        city: 'Hamburg',
        country: 'de',
        phone: '040 123',
        email: ' neu@example.test ',
        contact_type: 'Vet',
        doctor_since: '15.06.2020',
      },
      via,
    );
    expect(response.statusCode).toBe(200);
    expect(contactSchema.parse(response.json())).toEqual({
      id,
      pet_id: myPet.id,
      title: null,
      name: 'Anna Tierärztin',
      address: 'Neue Straße 2',
      zip: '20095',
      city: 'Hamburg',
      country: 'DE',
      phone: '040 123',
      email: 'neu@example.test',
      contact_type: 'Vet',
      doctor_since: '15.06.2020',
      created_at: expect.any(String),
    });
    expect((await listOf(me, myPet.id)).find((c) => c.id === id)).toEqual(response.json());
  });

  test('a vet that becomes another type loses "vet since"; a custom type is kept', async () => {
    const id = await addContact(me, myPet.id);
    const response = await call(
      t,
      me,
      'PUT',
      `/v1/contact?contact_id=${id}`,
      contactBody({ contact_type: 'Dog sitter' }),
    );
    expect(response.json()).toMatchObject({ contact_type: 'Dog sitter', doctor_since: null });
    expect((await storedRow(id))?.doctorSince).toBeNull();
  });

  test('each rule: 400 with the field and its text key, the contact unchanged', async () => {
    const id = await addContact(me, myPet.id);
    const before = await storedRow(id);
    for (const [change, field, key] of [
      [{ name: '' }, 'name', 'Name_Error'],
      [{ phone: '  ' }, 'phone', 'Phone_Error'],
      [{ email: 'nope' }, 'email', 'Email_Format_Error'],
      [{ contact_type: '' }, 'contact_type', 'Contact_type_Error'],
      [{ city: 'x'.repeat(81) }, 'city', 'Max_Length_Error'],
      [{ country: 'Deutschland' }, 'country', 'Invalid_Value_Error'],
      [{ doctor_since: displayDate(3) }, 'doctor_since', 'Date_In_Future_Error'],
    ] as Array<[object, string, string]>) {
      const response = await call(t, me, 'PUT', `/v1/contact?contact_id=${id}`, contactBody(change));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: key });
    }
    expect(await storedRow(id)).toEqual(before);
  });

  test('someone else’s contact or a missing one: 404 alike, unchanged; 401 without a session', async () => {
    const id = await addContact(me, myPet.id);
    const before = await storedRow(id);
    for (const contactId of [id, 'no-such-contact']) {
      const response = await call(
        t,
        stranger,
        'PUT',
        `/v1/contact?contact_id=${contactId}`,
        contactBody({ name: 'Taken over' }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(
      (await call(t, null, 'PUT', `/v1/contact?contact_id=${id}`, contactBody({ name: 'Anonymous' })))
        .statusCode,
    ).toBe(401);
    expect(await storedRow(id)).toEqual(before);
  });
});

describe('DELETE /v1/contact?contact_id=', () => {
  test.each(VIAS)('204; the contact is gone (%s)', async (via) => {
    const id = await addContact(me, myPet.id);
    const response = await call(t, me, 'DELETE', `/v1/contact?contact_id=${id}`, undefined, via);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await storedRow(id)).toBeUndefined();
    const again = await call(t, me, 'DELETE', `/v1/contact?contact_id=${id}`);
    expect(again.statusCode).toBe(404);
  });

  test('someone else’s contact or a missing one: 404 alike, nothing deleted; 401 without a session', async () => {
    const id = await addContact(me, myPet.id);
    for (const contactId of [id, 'no-such-contact']) {
      const response = await call(t, stranger, 'DELETE', `/v1/contact?contact_id=${contactId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await call(t, null, 'DELETE', `/v1/contact?contact_id=${id}`)).statusCode).toBe(401);
    expect(await storedRow(id)).toBeDefined();
  });
});

test('deleting a pet deletes its contacts; the copies on the other pets stay', async () => {
  const user = await t.user({ plan: 'premium' });
  const pet = await addPet(t, user, { name: 'Leaving' });
  const other = await addPet(t, user, { name: 'Staying' });
  const created = (
    await call(t, user, 'POST', `/v1/contact?pet_id=${pet.id}`, contactBody({ also_for_pet_ids: [other.id] }))
  ).json();
  await addContact(user, pet.id, { name: 'Breeder', contact_type: 'Breeder', doctor_since: null });
  expect(await contactCount(user.id)).toBe(3);

  expect((await call(t, user, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBeLessThan(300);
  expect(await storedRow(created.id)).toBeUndefined();
  expect(await contactCount(user.id)).toBe(1);
  expect((await listOf(user, other.id)).map((c) => c.id)).toEqual([created.copies[0].id]);
});
