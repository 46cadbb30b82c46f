import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pets } from '../../db/schema/pets.ts';
import { notFound } from '../../lib/errors.ts';

// "Is this the user's pet": the one check of every per-pet module (pets, pictures, appointments; contacts,
// medical data and documents next) before it reads or writes anything of a pet. Someone else's pet answers
// exactly like a missing one, 404, so ids of other users' pets reveal nothing.

/** Whether the pet is the user's; with `lock`, its row is held until the transaction ends. */
export async function isOwnPet(
  db: DbOrTx,
  userId: string,
  petId: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  return (await (options.lock ? query.for('update') : query)).length > 0;
}

/** Throws 404 NOT_FOUND unless the pet is the user's (see `isOwnPet` for `lock`). */
export async function assertOwnPet(
  db: DbOrTx,
  userId: string,
  petId: string,
  options: { lock?: boolean } = {},
): Promise<void> {
  if (!(await isOwnPet(db, userId, petId, options))) throw notFound();
}

/**
 * Which of `petIds` are the user's pets (a write that spans several of them: a contact copied to each). The
 * rows found are held against deletion until the transaction ends, so a pet deleted meanwhile cannot make a
 * later insert fail on its foreign key.
 */
export async function ownPetIds(db: DbOrTx, userId: string, petIds: readonly string[]): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.userId, userId), inArray(pets.id, [...petIds])))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}
