import { randomUUID } from 'node:crypto';
import { type createPetSchemaFor, displayDateToIso, type Pet, type updatePetSchemaFor } from '@pet/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { petFolder } from '../../storage/keys.ts';
import { recordHistory } from '../household/household.repo.ts';
import { assertPetAccess } from '../household/pet-access.ts';
import { assertMayAddPet } from './pet-limits.ts';
import { toPet } from './pets.mapper.ts';
import {
  deletePet,
  fileKeysOfPet,
  findPet,
  insertPet,
  listPets,
  type PetValues,
  type PetWithImage,
  reminderJobsOfPet,
  replaceWeights,
  updatePet,
} from './pets.repo.ts';

// The pet rules: a user sees their own pets and those shared with them (issue 45), changes them as their role
// allows (household/pet-access.ts: owner and co-owners edit, only the owner deletes), adds one only within
// the plan's pets_limit, and deleting one removes everything that belongs to it. An edit is in the pet's
// history.

/** What the pet rules use of the app (plugins/app-context.ts). */
export type PetsDeps = Pick<AppContext, 'db' | 'brand' | 'publicUrl' | 'jobs' | 'storage' | 'log' | 'clock'>;

export type CreatePetBody = z.output<ReturnType<typeof createPetSchemaFor>>;
export type UpdatePetBody = z.output<ReturnType<typeof updatePetSchemaFor>>;

/** dd.MM.yyyy -> yyyy-MM-dd; the schemas have already refused anything else. */
const isoDate = (value: string) => displayDateToIso(value) ?? value;

async function answer(deps: PetsDeps, db: Db, userId: string, petId: string): Promise<Pet> {
  const row = await findPet(db, userId, petId, deps.clock());
  if (!row) throw notFound();
  return toPet(row, deps.publicUrl);
}

export function getPet(deps: PetsDeps, userId: string, petId: string): Promise<Pet> {
  return answer(deps, deps.db, userId, petId);
}

/** The user's pets; `read` when the session check read them already (pet-list-read.ts). */
export async function listUserPets(deps: PetsDeps, userId: string, read?: PetWithImage[]): Promise<Pet[]> {
  const rows = read ?? (await listPets(deps.db, userId));
  return rows.map((row) => toPet(row, deps.publicUrl));
}

export async function createPet(deps: PetsDeps, userId: string, body: CreatePetBody): Promise<Pet> {
  const id = randomUUID();
  await inTransaction(deps.db, async (tx) => {
    await assertMayAddPet(tx, deps.brand, userId);
    await insertPet(tx, id, userId, {
      name: body.name,
      petType: body.pet_type,
      gender: body.gender,
      race: body.race,
      dateOfBirth: body.date_of_birth ? isoDate(body.date_of_birth) : null,
    });
    // The history's first entry: who added the pet, and when.
    await recordHistory(tx, {
      petId: id,
      actorId: userId,
      action: 'created',
      entity: 'pet',
      entityId: id,
      at: deps.clock(),
    });
  });
  return answer(deps, deps.db, userId, id);
}

export async function updatePetProfile(
  deps: PetsDeps,
  userId: string,
  petId: string,
  body: UpdatePetBody,
): Promise<Pet> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    await assertPetAccess(tx, userId, petId, 'write', now, { lock: true });
    const values: PetValues = {
      name: body.name,
      petType: body.pet_type,
      gender: body.gender,
      race: body.race,
      sizeCm: body.size,
      color: body.color,
      features: body.features,
      labeling: body.labeling,
      ancestry: body.ancestry,
    };
    // Optional in the spec's edit call: absent keeps the stored value.
    if (body.date_of_birth !== undefined) {
      values.dateOfBirth = body.date_of_birth === null ? null : isoDate(body.date_of_birth);
    }
    await updatePet(tx, petId, values);
    if (body.weights !== undefined) {
      await replaceWeights(
        tx,
        petId,
        (body.weights ?? []).map((w) => ({ weight: w.weight, date: isoDate(w.date) })),
      );
    }
    await recordHistory(tx, {
      petId,
      actorId: userId,
      action: 'updated',
      entity: 'pet',
      entityId: petId,
      at: now,
    });
  });
  return answer(deps, deps.db, userId, petId);
}

/**
 * Deletes the pet and, through the foreign keys, its weights, appointments, medical records and file rows in
 * one transaction that also cancels their reminder jobs. The stored bytes are removed after the
 * commit: a rollback must not have lost them, and a leftover file (logged) is harmless.
 */
export async function removePet(deps: PetsDeps, userId: string, petId: string): Promise<void> {
  const keys = await inTransaction(deps.db, async (tx) => {
    await assertPetAccess(tx, userId, petId, 'manage', deps.clock(), { lock: true });
    const fileKeys = await fileKeysOfPet(tx, petId);
    for (const { queue, jobId } of await reminderJobsOfPet(tx, petId)) {
      await deps.jobs.cancel(queue, jobId, tx);
    }
    await deletePet(tx, userId, petId);
    return fileKeys;
  });
  try {
    for (const key of keys) await deps.storage.delete(key);
    await deps.storage.deletePrefix(petFolder(userId, petId));
  } catch (err) {
    deps.log.warn({ err, petId }, 'files of a deleted pet could not be removed');
  }
}
