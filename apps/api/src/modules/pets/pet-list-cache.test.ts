import { asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { addPet, call, jpeg, PNG, upload } from '../../../test/support/pets.ts';
import { statementRecorder } from '../../../test/support/statements.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { pets, petWeights } from '../../db/schema/pets.ts';

// GET /v1/pet's answer kept by the process while the user's list version stands (pet-list-cache.ts,
// pet-list-read.ts, migration 0017): sent again as it was while nothing changed, and never once something
// did, whether the write came through this process's API or straight to the database (as another process's
// or an admin command's would).

const t = useTestApp();

async function list(user: TestUser, via: 'bearer' | 'cookie' = 'bearer') {
  const response = await call(t, user, 'GET', '/v1/pet', undefined, via);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The user's pets, each by its own read (GET /v1/pet?pet_id=, never kept), in the list's order. */
async function petsReadOneByOne(user: TestUser): Promise<unknown[]> {
  const rows = await t.database.db
    .select({ id: pets.id })
    .from(pets)
    .where(eq(pets.userId, user.id))
    .orderBy(asc(pets.createdAt), asc(pets.id));
  const answers = [];
  for (const { id } of rows) {
    const response = await call(t, user, 'GET', `/v1/pet?pet_id=${id}`);
    expect(response.statusCode).toBe(200);
    answers.push(response.json());
  }
  return answers;
}

describe('the pet list kept by the process', () => {
  test('while nothing changed: sent again as it was, in one statement, with the same headers', async () => {
    const user = await t.user({ plan: 'premium' });
    const bello = await addPet(t, user, { name: 'Bello' });
    await call(t, user, 'PUT', `/v1/pet?id=${bello.id}`, {
      name: 'Bello',
      pet_type: 'Dog',
      weights: [{ weight: 12.5, date: '01.03.2024' }],
    });
    await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
    const statementsOf = statementRecorder(t.database);
    for (const via of ['bearer', 'cookie'] as const) {
      const first = await list(user, via);
      let again = first;
      const statements = await statementsOf(async () => {
        again = await list(user, via);
      });
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.json()).toEqual(await petsReadOneByOne(user));
    }
  });

  test('every write to the list, through the API or straight to the database, is in the next answer', async () => {
    const user = await t.user({ plan: 'premium' });
    const bello = await addPet(t, user, { name: 'Bello' });
    let last = (await list(user)).body;
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a pet added', () => addPet(t, user, { name: 'Mimi', pet_type: 'Cat' })],
      [
        'a pet edited, with weights',
        () =>
          call(t, user, 'PUT', `/v1/pet?id=${bello.id}`, {
            name: 'Bello der Große',
            pet_type: 'Dog',
            weights: [
              { weight: 12.5, date: '01.03.2024' },
              { weight: 10, date: '15.01.2023' },
            ],
          }),
      ],
      [
        'a picture uploaded',
        () =>
          upload(t, user, `file_for=pet&pet_id=${bello.id}`, {
            filename: 'bello.png',
            contentType: 'image/png',
            data: PNG,
          }),
      ],
      [
        'the picture replaced',
        () =>
          upload(t, user, `file_for=pet&pet_id=${bello.id}`, {
            filename: 'bello.jpg',
            contentType: 'image/jpeg',
            data: jpeg(),
          }),
      ],
      [
        'a name changed in the database',
        () => t.database.db.update(pets).set({ name: 'Rex' }).where(eq(pets.id, bello.id)),
      ],
      [
        'a weight added in the database',
        () => t.database.db.insert(petWeights).values({ petId: bello.id, weight: 13, date: '2025-01-01' }),
      ],
      [
        'a weight changed in the database',
        () => t.database.db.update(petWeights).set({ weight: 14 }).where(eq(petWeights.date, '2025-01-01')),
      ],
      [
        'the picture removed in the database',
        () => t.database.db.delete(storedFiles).where(eq(storedFiles.petId, bello.id)),
      ],
      ['a pet deleted', () => call(t, user, 'DELETE', `/v1/pet?id=${bello.id}`)],
    ];
    for (const [write, run] of writes) {
      await run();
      const answer = await list(user);
      expect(answer.body, write).not.toBe(last);
      expect(answer.json(), write).toEqual(await petsReadOneByOne(user));
      last = answer.body;
    }
    expect((await list(user)).json()).toEqual([expect.objectContaining({ name: 'Mimi', image_url: null })]);
  });

  test('a write to another user’s pets leaves one’s kept answer, and each session is sent only its user’s', async () => {
    const anna = await t.user({ plan: 'premium' });
    const ben = await t.user({ plan: 'premium' });
    await addPet(t, anna, { name: 'Annas Hund' });
    await addPet(t, ben, { name: 'Bens Katze', pet_type: 'Cat' });
    const annas = (await list(anna)).body;
    const bens = (await list(ben)).body;
    expect(annas).toContain('Annas Hund');
    expect(annas).not.toContain('Bens Katze');
    expect(bens).toContain('Bens Katze');
    expect(bens).not.toContain('Annas Hund');
    await addPet(t, ben, { name: 'Bens Hund' });
    const statementsOf = statementRecorder(t.database);
    let again = '';
    const statements = await statementsOf(async () => {
      again = (await list(anna)).body;
    });
    expect(again).toBe(annas);
    expect(statements).toHaveLength(1);
    expect((await list(ben)).body).toContain('Bens Hund');
  });
});
