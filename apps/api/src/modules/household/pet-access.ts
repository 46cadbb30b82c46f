import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { forbiddenForRole, notFound } from '../../lib/errors.ts';

// The one role check of every per-pet route (issue 45): who may do what with a pet. The owner is the pet's
// `user_id`; the household's members have a role on that one pet until their `until` has passed, which is
// checked here, on every request, not by a job. Someone who is neither (a stranger, a former member, a member
// whose time is over) gets exactly the 404 of a missing id; a member whose role does not allow the action
// gets 403 FORBIDDEN_FOR_ROLE.

export type PetRole = 'owner' | 'co-owner' | 'sitter';

/**
 * read: the pet and its records, the emergency file; write: add, change, delete records and the pet's data;
 * manage: delete the pet, pass it on, the household (invite, revoke) and its share links.
 */
export type PetAction = 'read' | 'write' | 'manage';

const ALLOWED: Record<PetRole, readonly PetAction[]> = {
  owner: ['read', 'write', 'manage'],
  'co-owner': ['read', 'write'],
  sitter: ['read'],
};

export function roleAllows(role: PetRole, action: PetAction): boolean {
  return ALLOWED[role].includes(action);
}

export interface PetAccess {
  petId: string;
  /** Whose pet it is: records, files, plans and limits are the owner's. */
  ownerId: string;
  role: PetRole;
}

/**
 * The user's access to the pet at `now`, or undefined (no such pet, or nothing of the user's). With `lock`,
 * the pet's row is held against deletion until the transaction ends (a write that inserts rows of the pet).
 */
export async function petAccessOf(
  db: DbOrTx,
  userId: string,
  petId: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<PetAccess | undefined> {
  const query = db
    .select({ ownerId: pets.userId, memberRole: householdMembers.role })
    .from(pets)
    .leftJoin(
      householdMembers,
      and(
        eq(householdMembers.petId, pets.id),
        eq(householdMembers.userId, userId),
        or(isNull(householdMembers.until), gt(householdMembers.until, now)),
      ),
    )
    .where(and(eq(pets.id, petId), or(eq(pets.userId, userId), sql`${householdMembers.id} is not null`)));
  const [row] = await (options.lock ? query.for('key share', { of: pets }) : query);
  if (!row) return undefined;
  const role: PetRole = row.ownerId === userId ? 'owner' : (row.memberRole as PetRole);
  return { petId, ownerId: row.ownerId, role };
}

/** The user's access to the pet, if it allows `action`: else 404 (no access at all) or 403 FORBIDDEN_FOR_ROLE. */
export async function assertPetAccess(
  db: DbOrTx,
  userId: string,
  petId: string,
  action: PetAction,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<PetAccess> {
  const access = await petAccessOf(db, userId, petId, now, options);
  if (!access) throw notFound();
  if (!roleAllows(access.role, action)) throw forbiddenForRole();
  return access;
}

/** A table of a pet's records (appointments, contacts, medical records, documents): keyed by id, with its pet. */
export type PetRecordTable = PgTable & { id: PgColumn; petId: PgColumn };

/**
 * The user's access to the pet a record belongs to, if it allows `action`: a record of a pet the user has
 * nothing to do with answers the 404 of a missing one, a member whose role does not allow it 403.
 */
export async function assertRecordAccess(
  db: DbOrTx,
  userId: string,
  table: PetRecordTable,
  recordId: string,
  action: PetAction,
  now: Date,
): Promise<PetAccess> {
  const [row] = await db
    .select({ petId: table.petId })
    .from(table as PgTable)
    .where(eq(table.id, recordId));
  if (!row) throw notFound();
  return assertPetAccess(db, userId, row.petId as string, action, now);
}
