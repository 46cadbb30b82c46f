import type { PetRole } from '@pet/shared';
import { and, eq, gt, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
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

export type { PetRole };

/**
 * read: the pet and its records, the emergency file; care: check a dose off and undo that (issue 49: the one
 * write a sitter has); write: add, change, delete records and the pet's data; manage: delete the pet, pass it
 * on, the household (invite, revoke) and its share links.
 */
export type PetAction = 'read' | 'care' | 'write' | 'manage';

const ALLOWED: Record<PetRole, readonly PetAction[]> = {
  owner: ['read', 'care', 'write', 'manage'],
  'co-owner': ['read', 'care', 'write'],
  sitter: ['read', 'care'],
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

/** A user in a condition: an id, or a statement's placeholder or column. */
export type UserRef = string | SQL | Placeholder<string>;

/** A membership that gives access at `now`: no last day, or one still ahead (checked on every request). */
export const openMembership = (now: Date | SQL) =>
  or(isNull(householdMembers.until), gt(householdMembers.until, now));

/**
 * The join condition of `householdMembers` to `pets`: the user's membership of the pet that gives access at
 * `now`. A read joins it and filters by `reachedBy`, so that the check and the read are one statement.
 */
export const membershipOf = (userId: UserRef, now: Date | SQL) =>
  and(eq(householdMembers.petId, pets.id), eq(householdMembers.userId, userId), openMembership(now));

/** With `membershipOf` joined: the pet is the user's own, or the user is a member now. */
export const reachedBy = (userId: UserRef) => or(eq(pets.userId, userId), isNotNull(householdMembers.id));

/** With `membershipOf` joined: the user's role on the pet (null when the user reaches it not at all). */
export const roleOf = (userId: UserRef) =>
  sql<PetRole | null>`case when ${pets.userId} = ${userId} then 'owner' else ${householdMembers.role} end`;

/** The ids of the pets the user is a member of at `now` (a subquery: the lists across the user's pets). */
export function memberPetIds(db: DbOrTx, userId: UserRef, now: Date | SQL) {
  return db
    .select({ petId: householdMembers.petId })
    .from(householdMembers)
    .where(and(eq(householdMembers.userId, userId), openMembership(now)));
}

/** Throws unless `role` (from `roleOf`) allows `action`: null is the 404 of a missing pet, else 403. */
export function assertRoleAllows(role: PetRole | null | undefined, action: PetAction): void {
  if (!role) throw notFound();
  if (!roleAllows(role, action)) throw forbiddenForRole();
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
    .select({ ownerId: pets.userId, role: roleOf(userId) })
    .from(pets)
    .leftJoin(householdMembers, membershipOf(userId, now))
    .where(and(eq(pets.id, petId), reachedBy(userId)));
  const [row] = await (options.lock ? query.for('key share', { of: pets }) : query);
  if (!row?.role) return undefined;
  return { petId, ownerId: row.ownerId, role: row.role };
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
  assertRoleAllows(access?.role, action);
  return access!;
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
