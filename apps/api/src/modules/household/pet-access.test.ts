import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { addPet } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { AppError } from '../../lib/errors.ts';
import { assertPetAccess, type PetAction, petAccessOf } from './pet-access.ts';

// The one role check (issue 45, point 3): every person the household can hold, against every action, on the
// database. A stranger, a former member and a member whose time is over answer like a missing pet (404); a
// member's role decides between the action and 403 FORBIDDEN_FOR_ROLE; the owner may everything.

const t = useTestApp();
const NOW = new Date('2026-12-07T12:00:00Z');
const HOUR = 60 * 60 * 1000;

async function household() {
  const owner = await t.user({ plan: 'premium' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  const member = async (role: 'co-owner' | 'sitter', until: Date | null = null) => {
    const user = await t.user();
    await t.database.db
      .insert(householdMembers)
      .values({ id: randomUUID(), petId: pet.id, userId: user.id, role, until });
    return user;
  };
  return {
    owner,
    pet,
    coOwner: await member('co-owner'),
    sitter: await member('sitter', new Date(NOW.getTime() + HOUR)),
    expired: await member('co-owner', new Date(NOW.getTime() - 1)),
    stranger: await t.user(),
  };
}

/** What the check answers: the role it grants, or the status it refuses with. */
async function outcome(userId: string, petId: string, action: PetAction): Promise<string> {
  try {
    return (await assertPetAccess(t.database.db, userId, petId, action, NOW)).role;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe('assertPetAccess', () => {
  test('each person of a household against each action', async () => {
    const h = await household();
    const people = {
      owner: h.owner,
      coOwner: h.coOwner,
      sitter: h.sitter,
      expired: h.expired,
      stranger: h.stranger,
    };
    const table: Record<string, Record<PetAction, string>> = {};
    for (const [name, person] of Object.entries(people)) {
      table[name] = {
        read: await outcome(person.id, h.pet.id, 'read'),
        care: await outcome(person.id, h.pet.id, 'care'),
        write: await outcome(person.id, h.pet.id, 'write'),
        manage: await outcome(person.id, h.pet.id, 'manage'),
      };
    }
    const role = '403 FORBIDDEN_FOR_ROLE';
    const missing = '404 NOT_FOUND';
    expect(table).toEqual({
      owner: { read: 'owner', care: 'owner', write: 'owner', manage: 'owner' },
      coOwner: { read: 'co-owner', care: 'co-owner', write: 'co-owner', manage: role },
      sitter: { read: 'sitter', care: 'sitter', write: role, manage: role },
      expired: { read: missing, care: missing, write: missing, manage: missing },
      stranger: { read: missing, care: missing, write: missing, manage: missing },
    });
    // A pet that does not exist answers as the stranger's does.
    expect(await outcome(h.owner.id, randomUUID(), 'read')).toBe(missing);
  });

  test("a member's access ends at `until`, to the instant", async () => {
    const h = await household();
    const until = new Date(NOW.getTime() + HOUR);
    expect(await petAccessOf(t.database.db, h.sitter.id, h.pet.id, new Date(until.getTime() - 1))).toEqual({
      petId: h.pet.id,
      ownerId: h.owner.id,
      role: 'sitter',
    });
    expect(await petAccessOf(t.database.db, h.sitter.id, h.pet.id, until)).toBeUndefined();
  });

  test("a member of one pet reaches nothing of the owner's other pets", async () => {
    const h = await household();
    const other = await addPet(t, h.owner, { name: 'Bello' });
    expect(await outcome(h.coOwner.id, other.id, 'read')).toBe('404 NOT_FOUND');
    expect(await outcome(h.owner.id, other.id, 'manage')).toBe('owner');
  });
});
