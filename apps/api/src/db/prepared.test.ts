import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';
import { insertPet, listPets } from '../modules/pets/pets.repo.ts';
import { inTransaction } from './transaction.ts';

// A prepared read (db/prepared.ts) runs on the database; inside a transaction the same read is built on the
// transaction, so it sees the transaction's own writes and none of them leak before the commit.

const t = useTestApp();

describe('prepared reads', () => {
  test('inside a transaction the read sees its writes; outside, only what was committed', async () => {
    const user = await t.user();
    const db = t.database.db;
    expect(await listPets(db, user.id)).toEqual([]);
    let inside: string[] = [];
    let outside: string[] = ['not read'];
    await inTransaction(db, async (tx) => {
      await insertPet(tx, randomUUID(), user.id, { name: 'Bello', petType: 'Dog' });
      inside = (await listPets(tx, user.id)).map((pet) => pet.name);
      // PGlite has one connection: a read outside would wait for this transaction, so it is read after.
      if (t.database.kind === 'pg') outside = (await listPets(db, user.id)).map((pet) => pet.name);
    });
    expect(inside).toEqual(['Bello']);
    if (t.database.kind === 'pg') expect(outside).toEqual([]);
    // Prepared, after the commit, twice (the second runs the statement already prepared).
    expect((await listPets(db, user.id)).map((pet) => pet.name)).toEqual(['Bello']);
    expect((await listPets(db, user.id)).map((pet) => pet.name)).toEqual(['Bello']);
  });
});
