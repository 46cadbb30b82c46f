import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { householdHistory, householdInvitations, householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';

// The household's rows, read for the account's data export (modules/account-export) and, from the next part of
// issue 45, for the household's calls.

/** The pets the user is a member of, with the role and the time it ends. */
export function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: householdMembers.id,
      petId: householdMembers.petId,
      petName: pets.name,
      role: householdMembers.role,
      until: householdMembers.until,
      since: householdMembers.createdAt,
    })
    .from(householdMembers)
    .innerJoin(pets, eq(pets.id, householdMembers.petId))
    .where(eq(householdMembers.userId, userId))
    .orderBy(asc(householdMembers.createdAt));
}

/** A pet's members (ids and roles: who they are is their own data). */
export function membersOfPet(db: DbOrTx, petId: string) {
  return db
    .select({
      id: householdMembers.id,
      role: householdMembers.role,
      until: householdMembers.until,
      since: householdMembers.createdAt,
    })
    .from(householdMembers)
    .where(eq(householdMembers.petId, petId))
    .orderBy(asc(householdMembers.createdAt));
}

/** A pet's invitations, every state. */
export function invitationsOfPet(db: DbOrTx, petId: string) {
  return db
    .select({
      id: householdInvitations.id,
      role: householdInvitations.role,
      until: householdInvitations.until,
      createdAt: householdInvitations.createdAt,
      expiresAt: householdInvitations.expiresAt,
      acceptedAt: householdInvitations.acceptedAt,
      revokedAt: householdInvitations.revokedAt,
    })
    .from(householdInvitations)
    .where(eq(householdInvitations.petId, petId))
    .orderBy(asc(householdInvitations.createdAt));
}

/** A pet's history, newest first. */
export function historyOfPet(db: DbOrTx, petId: string) {
  return db
    .select({
      id: householdHistory.id,
      actorId: householdHistory.actorId,
      action: householdHistory.action,
      entity: householdHistory.entity,
      entityId: householdHistory.entityId,
      at: householdHistory.at,
    })
    .from(householdHistory)
    .where(eq(householdHistory.petId, petId))
    .orderBy(desc(householdHistory.at));
}
