import { randomUUID } from 'node:crypto';
import {
  displayDateToIso,
  HOUSEHOLD_INVITATION,
  type Household,
  type HouseholdHistoryEntry,
  type HouseholdInvitation,
  type HouseholdRole,
  type householdInviteSchema,
  type Language,
} from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/auth.ts';
import { pets } from '../../db/schema/pets.ts';
import { inTransaction } from '../../db/transaction.ts';
import { businessDayEnd, businessDisplayDay } from '../../lib/business-day.ts';
import { badRequest, conflict, forbiddenForRole, notFound, rateLimited } from '../../lib/errors.ts';
import { hashUrlSecret, newUrlSecret } from '../../lib/url-secret.ts';
import { householdInvitationMail } from '../../mail/templates/household-invitation.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import {
  deleteMember,
  findMember,
  findOpenInvitation,
  historyPage,
  type InvitationRow,
  insertInvitation,
  isOpenInvitation,
  lockMembersOfPet,
  markInvitationRevoked,
  membersWithPeople,
  openInvitationsOfPet,
  recentInvitations,
  recordHistory,
  setEmergencyContact,
  takeInvitation,
  upsertMember,
} from './household.repo.ts';
import { assertPetAccess, memberPetIds, petAccessOf, roleAllows } from './pet-access.ts';

// The household's rules (issue 45): the owner invites by e-mail (a co-owner or a sitter, optionally until a
// day); the link's token is 256 random bits, stored as its SHA-256, used once, for seven days, revocable
// before use; invitations to one address for one pet, and by one owner, are limited a day. Accepting makes the
// signed-in user a member. The owner and co-owners read the household and its history; the owner revokes a
// member, a member leaves. Every one of these is in the pet's history, written in the same transaction.

export type HouseholdDeps = Pick<AppContext, 'db' | 'brand' | 'publicUrl' | 'clock' | 'mailer'>;
export type InviteBody = z.output<typeof householdInviteSchema>;

const DAY = 24 * 60 * 60 * 1000;
const invitationInvalid = () => notFound('Household_Invitation_Invalid_Text');

/** The instant access ends for a last day (dd.MM.yyyy): the end of that day in Berlin. */
function accessEnd(until: string | null): Date | null {
  const iso = until === null ? null : displayDateToIso(until);
  return iso === null ? null : new Date(businessDayEnd(iso).getTime() + 1);
}

/** Whether a membership gives access at `now` (its last day not yet over). */
const openAt = (until: Date | null, now: Date) => until === null || until > now;

/**
 * Whether a membership is the pet's second emergency contact at `now`: named, still a co-owner, and its last
 * day not over (the file stops printing them at that instant, as their access ends).
 */
const isEmergencyContact = (m: { emergencyContact: boolean; role: string; until: Date | null }, now: Date) =>
  m.emergencyContact && m.role === 'co-owner' && openAt(m.until, now);

/** The last day of access an end instant stands for. */
function lastDay(end: Date | null): string | null {
  return end === null ? null : businessDisplayDay(new Date(end.getTime() - 1));
}

function toInvitation(row: InvitationRow): HouseholdInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as HouseholdRole,
    until: lastDay(row.until),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** POST /v1/household/invite?pet_id=: the owner's invitation, mailed to the address. */
export async function invite(
  deps: HouseholdDeps,
  userId: string,
  petId: string,
  body: InviteBody,
): Promise<HouseholdInvitation> {
  const now = deps.clock();
  const email = body.email.toLowerCase();
  const token = newUrlSecret();
  const { invitation, mail } = await inTransaction(deps.db, async (tx) => {
    await assertPetAccess(tx, userId, petId, 'manage', now, { lock: true });
    const [inviter] = await tx
      .select({ name: users.name, email: users.email, language: users.language, petName: pets.name })
      .from(users)
      .innerJoin(pets, eq(pets.id, petId))
      .where(eq(users.id, userId));
    if (!inviter) throw notFound();
    if (inviter.email.toLowerCase() === email) throw badRequest({ email: 'Household_Invite_Self_Text' });
    const recent = await recentInvitations(tx, petId, email, userId, new Date(now.getTime() - DAY));
    if (
      recent.toAddress >= HOUSEHOLD_INVITATION.perAddressAndPetPerDay ||
      recent.byInviter >= HOUSEHOLD_INVITATION.perInviterPerDay
    ) {
      throw rateLimited();
    }
    const row = await insertInvitation(tx, {
      id: randomUUID(),
      petId,
      invitedBy: userId,
      email,
      role: body.role,
      until: accessEnd(body.until),
      tokenHash: hashUrlSecret(token),
      expiresAt: new Date(now.getTime() + HOUSEHOLD_INVITATION.days * DAY),
      createdAt: now,
    });
    await recordHistory(tx, {
      petId,
      actorId: userId,
      action: 'invited',
      entity: 'invitation',
      entityId: row.id,
      at: now,
    });
    return { invitation: toInvitation(row), mail: inviter };
  });
  // After the commit: the link must open an invitation that exists. A mail that fails leaves an invitation
  // nobody got; the owner sends another (or revokes it), and it expires on its own.
  await deps.mailer.send(
    householdInvitationMail({
      to: email,
      language: mail.language as Language,
      brand: deps.brand.displayName,
      inviterName: mail.name,
      petName: mail.petName,
      role: body.role,
      until: invitation.until,
      url: `${deps.publicUrl}${paths.householdAccept}?token=${encodeURIComponent(token)}`,
    }),
  );
  return invitation;
}

/**
 * Whether `token` opens an invitation that may still be accepted: a person invited registers without the
 * activation code the brand otherwise asks for (issue 45), to join the household first.
 */
export async function invitationStillOpen(
  deps: Pick<HouseholdDeps, 'db' | 'clock'>,
  token: string,
): Promise<boolean> {
  return isOpenInvitation(deps.db, hashUrlSecret(token), deps.clock());
}

/** Whether the user is a member of any household at `now`. */
export async function isMember(db: HouseholdDeps['db'], userId: string, now: Date): Promise<boolean> {
  return (await memberPetIds(db, userId, now).limit(1)).length > 0;
}

/** POST /v1/household/accept: the signed-in user joins the pet's household (the invitation is used up). */
export async function acceptInvitation(
  deps: HouseholdDeps,
  userId: string,
  token: string,
): Promise<{ pet_id: string; role: HouseholdRole; member_id: string }> {
  const now = deps.clock();
  return inTransaction(deps.db, async (tx) => {
    const invitation = await takeInvitation(tx, hashUrlSecret(token), now);
    if (!invitation) throw invitationInvalid();
    const [pet] = await tx.select({ ownerId: pets.userId }).from(pets).where(eq(pets.id, invitation.petId));
    if (!pet) throw invitationInvalid();
    // Thrown inside the transaction: the invitation stays open for the person it was meant for.
    if (pet.ownerId === userId) throw conflict('Household_Own_Pet_Text');
    const member = await upsertMember(tx, {
      id: randomUUID(),
      petId: invitation.petId,
      userId,
      role: invitation.role,
      until: invitation.until,
      createdAt: now,
    });
    await recordHistory(tx, {
      petId: invitation.petId,
      actorId: userId,
      action: 'accepted',
      entity: 'member',
      entityId: member.id,
      at: now,
    });
    return { pet_id: invitation.petId, role: invitation.role as HouseholdRole, member_id: member.id };
  });
}

/** GET /v1/household?pet_id=: members and open invitations, for the owner and co-owners. */
export async function householdOf(deps: HouseholdDeps, userId: string, petId: string): Promise<Household> {
  const now = deps.clock();
  await assertPetAccess(deps.db, userId, petId, 'write', now);
  const members = await membersWithPeople(deps.db, petId);
  const invitations = await openInvitationsOfPet(deps.db, petId, now);
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role as HouseholdRole,
      until: lastDay(m.until),
      since: m.since.toISOString(),
      emergency_contact: isEmergencyContact(m, now),
    })),
    invitations: invitations.map(toInvitation),
  };
}

/** DELETE /v1/household?member_id=: the owner revokes a member, or a member leaves; at once. */
export async function removeMember(deps: HouseholdDeps, userId: string, memberId: string): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const member = await findMember(tx, memberId);
    if (!member) throw notFound();
    const leaving = member.userId === userId;
    if (!leaving) {
      const access = await petAccessOf(tx, userId, member.petId, now);
      if (!access) throw notFound();
      if (access.role !== 'owner') throw forbiddenForRole();
    }
    await deleteMember(tx, memberId);
    await recordHistory(tx, {
      petId: member.petId,
      actorId: userId,
      action: leaving ? 'left' : 'revoked',
      entity: 'member',
      entityId: memberId,
      at: now,
    });
  });
}

/**
 * PUT /v1/household/emergency-contact?pet_id=: the owner names one of the pet's current co-owners its second
 * emergency contact (`memberId`), or no one (null); the co-owner named may withdraw (null). Anyone else who
 * reaches the pet: 403; a stranger: the 404 of a missing pet. A member id that is not a current co-owner of
 * this pet is a 400 on `member_id`.
 */
export async function nameEmergencyContact(
  deps: HouseholdDeps,
  userId: string,
  petId: string,
  memberId: string | null,
): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const access = await petAccessOf(tx, userId, petId, now);
    if (!access) throw notFound();
    const members = await lockMembersOfPet(tx, petId);
    const named = members.find((m) => isEmergencyContact(m, now));
    const record = (action: 'named' | 'unnamed' | 'withdrew', entityId: string) =>
      recordHistory(tx, { petId, actorId: userId, action, entity: 'emergency_contact', entityId, at: now });

    if (!roleAllows(access.role, 'manage')) {
      // A way out for the person whose phone number the file prints, without the owner.
      if (memberId !== null || named?.userId !== userId) throw forbiddenForRole();
      await setEmergencyContact(tx, petId, null);
      await record('withdrew', named.id);
      return;
    }
    if (memberId === null) {
      // A flag left by a last day that has passed is cleared too, without a history line: nobody was shown.
      await setEmergencyContact(tx, petId, null);
      if (named) await record('unnamed', named.id);
      return;
    }
    const chosen = members.find((m) => m.id === memberId);
    if (chosen?.role !== 'co-owner' || !openAt(chosen.until, now)) {
      throw badRequest({ member_id: 'Emergency_Contact_Not_Co_Owner_Text' });
    }
    if (named?.id === memberId) return;
    await setEmergencyContact(tx, petId, memberId);
    await record('named', memberId);
  });
}

/** DELETE /v1/household/invitation?invitation_id=: the owner takes an open invitation back. */
export async function revokeInvitation(
  deps: HouseholdDeps,
  userId: string,
  invitationId: string,
): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const invitation = await findOpenInvitation(tx, invitationId, now);
    if (!invitation) throw notFound();
    await assertPetAccess(tx, userId, invitation.petId, 'manage', now);
    await markInvitationRevoked(tx, invitationId, now);
    await recordHistory(tx, {
      petId: invitation.petId,
      actorId: userId,
      action: 'revoked',
      entity: 'invitation',
      entityId: invitationId,
      at: now,
    });
  });
}

/** GET /v1/household/history?pet_id=: who changed what and when, newest first, for the owner and co-owners. */
export async function householdHistory(
  deps: HouseholdDeps,
  userId: string,
  petId: string,
  page: { offset: number; limit: number },
): Promise<{ data: HouseholdHistoryEntry[]; total: number }> {
  await assertPetAccess(deps.db, userId, petId, 'write', deps.clock());
  const { rows, total } = await historyPage(deps.db, petId, page);
  return {
    data: rows.map((row) => ({
      id: row.id,
      actor_name: row.actorName,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      at: row.at.toISOString(),
    })),
    total,
  };
}
