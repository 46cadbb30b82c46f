import { randomUUID } from 'node:crypto';
import type { HouseholdHistoryEntity } from '@pet/shared';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { householdHistory, householdInvitations, householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { openMembership } from './pet-access.ts';

// The household's rows: for its calls (household.service.ts) and the account's data export.

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

// The household's calls (issue 45).

/** An invitation that can still be used at `now`: neither accepted, revoked nor expired. */
const openAt = (now: Date) =>
  and(
    isNull(householdInvitations.acceptedAt),
    isNull(householdInvitations.revokedAt),
    gt(householdInvitations.expiresAt, now),
  );

export type InvitationRow = typeof householdInvitations.$inferSelect;
export type MemberRow = typeof householdMembers.$inferSelect;

export async function insertInvitation(db: DbOrTx, row: typeof householdInvitations.$inferInsert) {
  const [inserted] = await db.insert(householdInvitations).values(row).returning();
  return inserted!;
}

/** Invitations made since `since`: to one address for one pet, and by one inviter. */
export async function recentInvitations(
  db: DbOrTx,
  petId: string,
  email: string,
  inviter: string,
  since: Date,
) {
  const [row] = await db
    .select({
      toAddress: sql<number>`count(*) filter (where ${householdInvitations.petId} = ${petId} and ${householdInvitations.email} = ${email})`,
      byInviter: sql<number>`count(*) filter (where ${householdInvitations.invitedBy} = ${inviter})`,
    })
    .from(householdInvitations)
    .where(
      and(
        gt(householdInvitations.createdAt, since),
        or(eq(householdInvitations.invitedBy, inviter), eq(householdInvitations.petId, petId)),
      ),
    );
  return { toAddress: Number(row?.toAddress ?? 0), byInviter: Number(row?.byInviter ?? 0) };
}

/** Uses an open invitation by its token's hash, once: the row, or undefined (unknown, used, revoked, expired). */
export async function takeInvitation(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(householdInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(householdInvitations.tokenHash, tokenHash), openAt(now)))
    .returning();
  return row;
}

/**
 * Makes the user a member of the pet, or gives an existing member the invitation's role and end. A member who
 * becomes a sitter is no longer the second emergency contact: only co-owners are.
 */
export async function upsertMember(db: DbOrTx, row: typeof householdMembers.$inferInsert) {
  const [member] = await db
    .insert(householdMembers)
    .values(row)
    .onConflictDoUpdate({
      target: [householdMembers.petId, householdMembers.userId],
      set: {
        role: row.role,
        until: row.until ?? null,
        ...(row.role === 'co-owner' ? {} : { emergencyContact: false }),
      },
    })
    .returning();
  return member!;
}

export async function findMember(db: DbOrTx, memberId: string) {
  const [row] = await db.select().from(householdMembers).where(eq(householdMembers.id, memberId));
  return row;
}

export async function deleteMember(db: DbOrTx, memberId: string) {
  await db.delete(householdMembers).where(eq(householdMembers.id, memberId));
}

/** Whether an invitation with this token's hash may still be accepted. */
export async function isOpenInvitation(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: householdInvitations.id })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.tokenHash, tokenHash), openAt(now)));
  return rows.length > 0;
}

export async function findOpenInvitation(db: DbOrTx, invitationId: string, now: Date) {
  const [row] = await db
    .select()
    .from(householdInvitations)
    .where(and(eq(householdInvitations.id, invitationId), openAt(now)));
  return row;
}

export async function markInvitationRevoked(db: DbOrTx, invitationId: string, now: Date) {
  await db
    .update(householdInvitations)
    .set({ revokedAt: now })
    .where(eq(householdInvitations.id, invitationId));
}

/** The pet's members with who they are, for the owner and co-owners. */
export function membersWithPeople(db: DbOrTx, petId: string) {
  return db
    .select({
      id: householdMembers.id,
      email: users.email,
      name: users.name,
      role: householdMembers.role,
      until: householdMembers.until,
      since: householdMembers.createdAt,
      emergencyContact: householdMembers.emergencyContact,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.petId, petId))
    .orderBy(asc(householdMembers.createdAt));
}

/**
 * The pet's members, their rows held until the transaction ends: two namings of the second emergency contact
 * at once take turns (else both could set their flag and one would fail on the one-per-pet index).
 */
export function lockMembersOfPet(db: DbOrTx, petId: string) {
  return db.select().from(householdMembers).where(eq(householdMembers.petId, petId)).for('update');
}

/** Makes `memberId` the pet's second emergency contact, or no one (null). */
export async function setEmergencyContact(db: DbOrTx, petId: string, memberId: string | null) {
  // Cleared first: the one-per-pet index is checked row by row.
  await db
    .update(householdMembers)
    .set({ emergencyContact: false })
    .where(and(eq(householdMembers.petId, petId), eq(householdMembers.emergencyContact, true)));
  if (memberId !== null) {
    await db
      .update(householdMembers)
      .set({ emergencyContact: true })
      .where(and(eq(householdMembers.id, memberId), eq(householdMembers.petId, petId)));
  }
}

export function openInvitationsOfPet(db: DbOrTx, petId: string, now: Date) {
  return db
    .select()
    .from(householdInvitations)
    .where(and(eq(householdInvitations.petId, petId), openAt(now)))
    .orderBy(asc(householdInvitations.createdAt));
}

export async function recordHistory(db: DbOrTx, row: Omit<typeof householdHistory.$inferInsert, 'id'>) {
  await db.insert(householdHistory).values({ id: randomUUID(), ...row });
}

/**
 * The history's writer for one kind of a pet's records: each created, updated or deleted one is recorded in
 * the writing transaction, with who did it (issue 45).
 */
export function petChangeRecorder(entity: HouseholdHistoryEntity) {
  return (
    db: DbOrTx,
    actorId: string,
    petId: string,
    action: 'created' | 'updated' | 'deleted',
    entityId: string,
    at: Date,
  ) => recordHistory(db, { petId, actorId, action, entity, entityId, at });
}

/** A page of the pet's history, newest first, with each actor's name (null: the account is gone). */
export async function historyPage(db: DbOrTx, petId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .select({
      id: householdHistory.id,
      actorName: users.name,
      action: householdHistory.action,
      entity: householdHistory.entity,
      entityId: householdHistory.entityId,
      at: householdHistory.at,
    })
    .from(householdHistory)
    .leftJoin(users, eq(users.id, householdHistory.actorId))
    .where(eq(householdHistory.petId, petId))
    .orderBy(desc(householdHistory.at), desc(householdHistory.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)` })
    .from(householdHistory)
    .where(eq(householdHistory.petId, petId));
  return { rows, total: Number(total?.n ?? 0) };
}

/** The members of the owner's pets at `now`, with what a mail to them needs (the owner's account is going). */
export function membersOfOwnersPets(db: DbOrTx, ownerId: string, now: Date) {
  return db
    .select({ email: users.email, name: users.name, language: users.language, petName: pets.name })
    .from(householdMembers)
    .innerJoin(pets, eq(pets.id, householdMembers.petId))
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(and(eq(pets.userId, ownerId), openMembership(now)))
    .orderBy(asc(householdMembers.createdAt));
}
