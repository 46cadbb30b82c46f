import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { myInfoSchema, petListSchema, petSchema } from '@pet/shared';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import {
  addPet,
  appointmentBody,
  call,
  displayDate,
  jobState,
  jpeg,
  onPlan,
  PNG,
  rowsOf,
  upload,
} from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets, petWeights } from '../../db/schema/pets.ts';

const t = useTestApp();
/** Shared by the tests that need no fresh account (signing up costs seconds on a busy machine). */
let me: TestUser;
/** Someone else, with a pet of their own: the "foreign id" of every 404 test. */
let stranger: TestUser;
let strangerPet: { id: string; name: string };
beforeAll(async () => {
  me = await t.user({ plan: 'premium-gps' });
  stranger = await t.user();
  strangerPet = await addPet(t, stranger, { name: 'Not mine' });
});

async function petCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(pets).where(eq(pets.userId, userId));
  return row?.n ?? 0;
}

const basicUser = (): Promise<TestUser> => t.user({ plan: 'basic' });

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };

describe('POST /v1/pet', () => {
  test('adds a pet: 201 with its id; GET and myinfo show it', async () => {
    const user = await t.user();
    const response = await call(
      t,
      user,
      'POST',
      '/v1/pet',
      {
        name: '  Bello  ',
        pet_type: 'Dog',
        gender: 'male',
        race: 'Beagle',
        date_of_birth: '01.02.2020',
      },
      'cookie',
    );
    expect(response.statusCode).toBe(201);
    const pet = petSchema.parse(response.json());
    expect(pet).toMatchObject({
      name: 'Bello',
      pet_type: 'Dog',
      gender: 'male',
      race: 'Beagle',
      date_of_birth: '01.02.2020',
      size: null,
      image_url: null,
      weights: [],
    });
    const one = await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(pet);
    const info = myInfoSchema.parse((await call(t, user, 'GET', '/v1/auth/myinfo')).json());
    expect(info.pets).toEqual([{ id: pet.id, name: 'Bello', role: 'owner', owner_name: null }]);
  });

  test('optional fields may be absent, null or empty', async () => {
    const response = await call(t, me, 'POST', '/v1/pet', {
      name: 'Mimi',
      pet_type: 'Cat',
      gender: '',
      race: null,
      date_of_birth: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ gender: null, race: null, date_of_birth: null });
  });

  const invalid: Array<[string, object, string, string]> = [
    ['name missing', { pet_type: 'Dog' }, 'name', 'Name_Error'],
    ['name blank', { name: '   ', pet_type: 'Dog' }, 'name', 'Name_Error'],
    ['name too long', { name: 'x'.repeat(51), pet_type: 'Dog' }, 'name', 'Max_Length_Error'],
    ['species missing', { name: 'Rex' }, 'pet_type', 'Pet_Type_Error'],
    ['species unknown', { name: 'Rex', pet_type: 'Horse' }, 'pet_type', 'Pet_Type_Error'],
    ['gender unknown', { name: 'Rex', pet_type: 'Dog', gender: 'other' }, 'gender', 'Invalid_Value_Error'],
    ['breed too long', { name: 'Rex', pet_type: 'Dog', race: 'x'.repeat(101) }, 'race', 'Max_Length_Error'],
    [
      'birth date no date',
      { name: 'Rex', pet_type: 'Dog', date_of_birth: '31.02.2020' },
      'date_of_birth',
      'Date_Format_Error',
    ],
    [
      'birth date ISO',
      { name: 'Rex', pet_type: 'Dog', date_of_birth: '2020-02-01' },
      'date_of_birth',
      'Date_Format_Error',
    ],
    [
      'birth date after today',
      { name: 'Rex', pet_type: 'Dog', date_of_birth: displayDate(3) },
      'date_of_birth',
      'Date_In_Future_Error',
    ],
  ];
  test.each(invalid)('400 and nothing saved: %s', async (_case, payload, field, key) => {
    const before = await petCount(me.id);
    const response = await call(t, me, 'POST', '/v1/pet', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
    expect(await petCount(me.id)).toBe(before);
  });

  test('a date of birth of today is fine', async () => {
    const response = await call(t, me, 'POST', '/v1/pet', {
      name: 'Puppy',
      pet_type: 'Dog',
      date_of_birth: displayDate(0),
    });
    expect(response.statusCode).toBe(201);
  });

  test('the free plan allows one pet: the second answers 403 LIMIT_REACHED and is not saved', async () => {
    const user = await t.user();
    await addPet(t, user);
    const second = await call(t, user, 'POST', '/v1/pet', { name: 'Second', pet_type: 'Cat' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Basic_Pet_Limit_Reached_Message' });
    expect(await petCount(user.id)).toBe(1);
  });

  test('basic allows three; a bigger plan allows more', async () => {
    const user = await basicUser();
    for (const name of ['One', 'Two', 'Three']) await addPet(t, user, { name });
    const fourth = await call(t, user, 'POST', '/v1/pet', { name: 'Four', pet_type: 'Dog' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().message).toBe('Basic_Pet_Limit_Reached_Message');
    await onPlan(t, user.id, 'premium-gps');
    expect((await call(t, user, 'POST', '/v1/pet', { name: 'Four', pet_type: 'Dog' })).statusCode).toBe(201);
  });

  test('two concurrent adds at the limit: exactly one passes', async () => {
    const user = await t.user();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((name) => call(t, user, 'POST', '/v1/pet', { name, pet_type: 'Dog' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await petCount(user.id)).toBe(1);
  });

  test('401 without a session', async () => {
    expect((await call(t, null, 'POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog' })).statusCode).toBe(401);
  });
});

describe('GET /v1/pet', () => {
  test('without pet_id: the user’s own pets, oldest first, with weights and pictures', async () => {
    const user = await basicUser();
    expect((await call(t, user, 'GET', '/v1/pet')).json()).toEqual([]);
    const first = await addPet(t, user, { name: 'First' });
    const second = await addPet(t, user, { name: 'Second', pet_type: 'Cat' });
    const response = await call(t, user, 'GET', '/v1/pet');
    expect(response.statusCode).toBe(200);
    const list = petListSchema.parse(response.json());
    expect(list.map((p) => [p.id, p.name])).toEqual([
      [first.id, 'First'],
      [second.id, 'Second'],
    ]);
    expect((await call(t, stranger, 'GET', '/v1/pet')).json()).toEqual([
      expect.objectContaining({ id: strangerPet.id }),
    ]);
  });

  test('someone else’s pet answers exactly like a missing one', async () => {
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'GET', `/v1/pet?pet_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  test('401 without a session', async () => {
    expect((await call(t, null, 'GET', '/v1/pet')).statusCode).toBe(401);
  });
});

describe('PUT /v1/pet?id=', () => {
  const full = {
    name: 'Bello Junior',
    pet_type: 'Dog',
    gender: 'female',
    race: 'Labrador',
    size: '45cm',
    color: 'black',
    features: 'white spot on the chest',
    labeling: '276098106543210',
    ancestry: 'VDH',
    date_of_birth: '15.03.2019',
    weights: [
      { weight: 20.5, date: '01.01.2023' },
      { weight: '21,25', date: '01.06.2024' },
      { weight: 19, date: '01.06.2022' },
    ],
  };

  test('saves every field; weights newest first; the answer is the pet', async () => {
    const user = me;
    const pet = await addPet(t, user);
    const response = await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, full, 'cookie');
    expect(response.statusCode).toBe(200);
    expect(petSchema.parse(response.json())).toMatchObject({
      id: pet.id,
      name: 'Bello Junior',
      gender: 'female',
      race: 'Labrador',
      size: '45cm',
      color: 'black',
      features: 'white spot on the chest',
      labeling: '276098106543210',
      ancestry: 'VDH',
      date_of_birth: '15.03.2019',
      weights: [
        { weight: 21.25, date: '01.06.2024' },
        { weight: 20.5, date: '01.01.2023' },
        { weight: 19, date: '01.06.2022' },
      ],
    });
    expect((await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`)).json()).toEqual(response.json());
    // The pet's new name reaches myinfo.
    expect((await call(t, user, 'GET', '/v1/auth/myinfo')).json().pets).toContainEqual({
      id: pet.id,
      name: 'Bello Junior',
      role: 'owner',
      owner_name: null,
    });
  });

  test('size as a number; absent date_of_birth and weights keep theirs, null and [] clear them', async () => {
    const user = me;
    const pet = await addPet(t, user);
    await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, full);
    const { weights: _w, date_of_birth: _d, ...rest } = full;
    const kept = await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, { ...rest, size: 60, color: '' });
    expect(kept.json()).toMatchObject({ size: '60cm', color: null, date_of_birth: '15.03.2019' });
    expect(kept.json().weights).toHaveLength(3);
    const cleared = await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, {
      ...rest,
      size: null,
      date_of_birth: null,
      weights: [],
    });
    expect(cleared.json()).toMatchObject({ size: null, date_of_birth: null, weights: [] });
  });

  const invalid: Array<[string, object, string, string]> = [
    ['size below 10', { size: '9cm' }, 'size', 'Pet_Size_Error'],
    ['size above 100', { size: 101 }, 'size', 'Pet_Size_Error'],
    ['size not whole', { size: '45.5' }, 'size', 'Pet_Size_Error'],
    ['size not a size', { size: 'big' }, 'size', 'Pet_Size_Error'],
    [
      'negative weight',
      { weights: [{ weight: -1, date: '01.01.2024' }] },
      'weights',
      'Weight_Negative_Error',
    ],
    ['weight without date', { weights: [{ weight: 12 }] }, 'weights', 'Weight_Date_Required_Error'],
    [
      'date without weight',
      { weights: [{ weight: '', date: '01.01.2024' }] },
      'weights',
      'Weight_Required_Error',
    ],
    ['weight and date empty', { weights: [{ weight: null, date: '' }] }, 'weights', 'Weight_Required_Error'],
    [
      'weight not a number',
      { weights: [{ weight: 'heavy', date: '01.01.2024' }] },
      'weights',
      'Invalid_Value_Error',
    ],
    [
      'weight in the future',
      { weights: [{ weight: 3, date: displayDate(3) }] },
      'weights',
      'Date_In_Future_Error',
    ],
    ['name blank', { name: '' }, 'name', 'Name_Error'],
    ['species unknown', { pet_type: 'Fish' }, 'pet_type', 'Pet_Type_Error'],
    ['birth date after today', { date_of_birth: displayDate(3) }, 'date_of_birth', 'Date_In_Future_Error'],
    ['features too long', { features: 'x'.repeat(501) }, 'features', 'Max_Length_Error'],
  ];
  let pet: { id: string };
  beforeAll(async () => {
    pet = await addPet(t, me);
  });
  test.each(invalid)('400 with the field marked, pet unchanged: %s', async (_case, change, field, key) => {
    const user = me;
    const before = (await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`)).json();
    const response = await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, {
      ...full,
      weights: [{ weight: 5, date: '01.01.2020' }],
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: key } });
    expect((await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`)).json()).toEqual(before);
  });

  test('someone else’s pet: 404, and it stays as it was', async () => {
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'PUT', `/v1/pet?id=${id}`, full);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await call(t, stranger, 'GET', `/v1/pet?pet_id=${strangerPet.id}`)).json()).toMatchObject({
      name: 'Not mine',
      weights: [],
    });
  });

  test('400 without id; 401 without a session', async () => {
    const noId = await call(t, me, 'PUT', '/v1/pet', full);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields).toEqual({ id: 'Required_Error' });
    expect((await call(t, null, 'PUT', '/v1/pet?id=x', full)).statusCode).toBe(401);
  });
});

describe('DELETE /v1/pet?id=', () => {
  test('204; the pet, its weights and its place in myinfo are gone; the limit frees up', async () => {
    const user = await t.user();
    const pet = await addPet(t, user);
    await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, {
      name: 'Bello',
      pet_type: 'Dog',
      weights: [{ weight: 5, date: '01.01.2024' }],
    });
    const response = await call(t, user, 'DELETE', `/v1/pet?id=${pet.id}`, undefined, 'cookie');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`)).statusCode).toBe(404);
    const weights = await t.database.db.select().from(petWeights).where(eq(petWeights.petId, pet.id));
    expect(weights).toEqual([]);
    expect((await call(t, user, 'GET', '/v1/auth/myinfo')).json().pets).toEqual([]);
    expect((await call(t, user, 'POST', '/v1/pet', { name: 'Next', pet_type: 'Dog' })).statusCode).toBe(201);
  });

  test('removes everything of the pet: appointments and their reminder jobs, weights, picture on disk', async () => {
    const user = await basicUser();
    const pet = await addPet(t, user);
    const kept = await addPet(t, user, { name: 'Kept' });
    await call(t, user, 'PUT', `/v1/pet?id=${pet.id}`, {
      name: 'Bello',
      pet_type: 'Dog',
      weights: [{ weight: 5, date: '01.01.2024' }],
    });
    const picture = await upload(t, user, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'bello.jpg',
      contentType: 'image/jpeg',
      data: jpeg(),
    });
    const keptPicture = await upload(t, user, `file_for=pet&pet_id=${kept.id}`, {
      filename: 'kept.png',
      contentType: 'image/png',
      data: PNG,
    });
    const reminder = { reminder_date: displayDate(6), reminder_time: '08:00' };
    const appointment = (
      await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody(7, reminder))
    ).json();
    await call(t, user, 'POST', `/v1/appointment?pet_id=${kept.id}`, appointmentBody(7, reminder));
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    const folder = join(t.env.DATA_DIR, 'files', 'users', user.id, 'pets', pet.id);
    expect(existsSync(folder)).toBe(true);

    expect((await call(t, user, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBe(204);

    const left = async (table: typeof appointments | typeof petWeights | typeof storedFiles) =>
      (await t.database.db.select().from(table).where(eq(table.petId, pet.id))).length;
    expect(await left(appointments)).toBe(0);
    expect(await left(petWeights)).toBe(0);
    expect(await left(storedFiles)).toBe(0);
    expect(await jobState(t, row!.jobId!)).toBe('cancelled');
    expect(existsSync(folder)).toBe(false);
    expect((await call(t, user, 'GET', new URL(picture.json().image_url).pathname)).statusCode).toBe(404);
    // The other pet keeps all of its own.
    expect((await call(t, user, 'GET', new URL(keptPicture.json().image_url).pathname)).statusCode).toBe(200);
    expect((await call(t, user, 'GET', '/v1/appointment/myappointments')).json()).toHaveLength(1);
  });

  test('someone else’s pet: 404 and nothing deleted', async () => {
    for (const id of [strangerPet.id, 'no-such-pet']) {
      const response = await call(t, me, 'DELETE', `/v1/pet?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await petCount(stranger.id)).toBe(1);
  });

  test('401 without a session', async () => {
    expect((await call(t, null, 'DELETE', '/v1/pet?id=x')).statusCode).toBe(401);
  });

  test('the pets table has no rows of deleted users (cascade)', async () => {
    const user = await t.user();
    await addPet(t, user);
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from pets where user_id = ${user.id}`),
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('species per brand', () => {
  const dogs = useTestApp({ brand: 'hunde-schutz' });

  test('hunde-schutz: Dog only, and Dog when the species is left out', async () => {
    const user = await dogs.user();
    const cat = await call(dogs, user, 'POST', '/v1/pet', { name: 'Mimi', pet_type: 'Cat' });
    expect(cat.statusCode).toBe(400);
    expect(cat.json().fields).toEqual({ pet_type: 'Pet_Type_Error' });
    const implicit = await call(dogs, user, 'POST', '/v1/pet', { name: 'Rex' });
    expect(implicit.statusCode).toBe(201);
    expect(implicit.json().pet_type).toBe('Dog');
    const edit = await call(dogs, user, 'PUT', `/v1/pet?id=${implicit.json().id}`, {
      name: 'Rex',
      pet_type: 'Other',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ pet_type: 'Pet_Type_Error' });
  });
});

describe('OpenAPI', () => {
  test('documents every call of pets, pictures, appointments and calendars with its answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const calls: Array<[string, string, number]> = [
      ['/v1/pet', 'get', 200],
      ['/v1/pet', 'post', 201],
      ['/v1/pet', 'put', 200],
      ['/v1/pet', 'delete', 204],
      ['/v1/upload/image', 'post', 201],
      ['/v1/files/{id}', 'get', 200],
      ['/v1/appointment/mypetappointments', 'get', 200],
      ['/v1/appointment/myappointments', 'get', 200],
      ['/v1/appointment', 'post', 201],
      ['/v1/appointment', 'put', 200],
      ['/v1/appointment', 'delete', 204],
      ['/v1/appointment/ics', 'get', 200],
      ['/v1/calendar/feed', 'get', 200],
      ['/v1/calendar/feed', 'post', 201],
      ['/v1/calendar/feed', 'delete', 204],
      ['/v1/calendar/{file}', 'get', 200],
    ];
    for (const [path, method, status] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.responses[String(status)], `${method} ${path} ${status}`).toBeDefined();
      expect(
        operation.responses['404'] ?? operation.responses['401'],
        `${method} ${path} errors`,
      ).toBeDefined();
    }
    expect(doc.paths['/v1/pet'].put.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'pet_type']),
    );
    expect(doc.paths['/v1/appointment'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['appointment_type', 'reason', 'appointment_date', 'appointment_time']),
    );
  });
});
