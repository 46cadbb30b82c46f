import { householdInviteSchema } from '@pet/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { addPet } from '../../../test/support/pets.ts';
import { linksIn, sentTo } from '../../../test/support/smtp-sink.ts';
import { settableClock } from '../../../test/support/subscription.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/errors.ts';
import {
  acceptInvitation,
  householdHistory,
  householdOf,
  invite,
  removeMember,
  revokeInvitation,
} from './household.service.ts';
import { petAccessOf } from './pet-access.ts';

// The household's rules (issue 45, points 1, 4 and 5), at the service, on both databases: the invitation and
// its mail, the token used once, expired or revoked, the limits a day, acceptance, leaving and revoking, who
// may read the household, and the history with a former member's name gone. The calls come next (issue 45).

const clock = settableClock();
const t = useTestApp({ clock: clock.read, brand: 'petention' });
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => clock.set(new Date()));

/** What a call answers: its value, or `status CODE message`. */
async function outcome<T>(work: Promise<T>): Promise<T | string> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code} ${error.message}`;
    throw error;
  }
}

async function ownerWithPet() {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  return { owner, pet };
}

/** A second later: the history's entries are told apart by their time. */
const tick = () => clock.set(new Date(clock.read().getTime() + 1000));

/** Invites `email` (an address used once in this file) and returns the token from the mail's link. */
async function invited(
  owner: TestUser,
  petId: string,
  email: string,
  role: 'co-owner' | 'sitter',
  until?: string,
) {
  tick();
  const invitation = await invite(
    t.app.ctx,
    owner.id,
    petId,
    householdInviteSchema.parse({ email, role, until }),
  );
  const mail = await t.sink.waitFor(sentTo(email.toLowerCase()));
  const link = linksIn(mail).find((l) => l.includes('/household/accept?token='))!;
  return { invitation, mail, token: new URL(link).searchParams.get('token')! };
}

describe('an invitation', () => {
  test('is mailed with a one-time link; accepting makes the signed-in user a member with its role', async () => {
    const { owner, pet } = await ownerWithPet();
    const sitter = await t.user({ name: 'Sam Sitter' });
    const { invitation, mail, token } = await invited(owner, pet.id, sitter.email.toUpperCase(), 'sitter');
    expect(invitation).toMatchObject({ email: sitter.email.toLowerCase(), role: 'sitter', until: null });
    expect(mail.subject).toContain('Olga Owner');
    expect(mail.subject).toContain('Luna');
    expect(mail.text).toContain('7 days');
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only the token's hash is stored.
    const stored = await t.database.db.execute(
      sql`select token_hash from household_invitations where id = ${invitation.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    const accepted = await acceptInvitation(t.app.ctx, sitter.id, token);
    expect(accepted).toMatchObject({ pet_id: pet.id, role: 'sitter' });
    expect((await petAccessOf(t.database.db, sitter.id, pet.id, clock.read()))?.role).toBe('sitter');
    // Used once.
    const other = await t.user();
    expect(await outcome(acceptInvitation(t.app.ctx, other.id, token))).toBe(
      '404 NOT_FOUND Household_Invitation_Invalid_Text',
    );
    expect(await petAccessOf(t.database.db, other.id, pet.id, clock.read())).toBeUndefined();
  });

  test('in German, to the inviter’s language', async () => {
    const owner = await t.user({ plan: 'premium', name: 'Erika', language: 'de' });
    const pet = await addPet(t, owner, { name: 'Hasso' });
    const { mail } = await invited(owner, pet.id, 'gast@example.test', 'co-owner', undefined);
    expect(mail.subject).toBe('Erika lädt Sie in den Haushalt von Hasso bei Petention ein');
    expect(mail.text).toContain('Mitbesitzer');
  });

  test('expires after 7 days, and can be revoked before use; the owner cannot join their own pet', async () => {
    const { owner, pet } = await ownerWithPet();
    const late = await invited(owner, pet.id, 'late@example.test', 'sitter');
    const revoked = await invited(owner, pet.id, 'revoked@example.test', 'co-owner');
    const own = await invited(owner, pet.id, 'mine@example.test', 'co-owner');
    await revokeInvitation(t.app.ctx, owner.id, revoked.invitation.id);
    expect((await householdOf(t.app.ctx, owner.id, pet.id)).invitations.map((i) => i.email)).toEqual([
      'late@example.test',
      'mine@example.test',
    ]);
    const someone = await t.user();
    expect(await outcome(acceptInvitation(t.app.ctx, someone.id, revoked.token))).toBe(
      '404 NOT_FOUND Household_Invitation_Invalid_Text',
    );
    expect(await outcome(acceptInvitation(t.app.ctx, owner.id, own.token))).toBe(
      '409 CONFLICT Household_Own_Pet_Text',
    );
    // Still open for the person it was meant for.
    expect(await acceptInvitation(t.app.ctx, someone.id, own.token)).toMatchObject({ role: 'co-owner' });
    clock.set(new Date(clock.read().getTime() + 7 * DAY + 1000));
    expect(await outcome(acceptInvitation(t.app.ctx, (await t.user()).id, late.token))).toBe(
      '404 NOT_FOUND Household_Invitation_Invalid_Text',
    );
  });

  test('only the owner invites; not to their own address; three a day to one address for one pet', async () => {
    const { owner, pet } = await ownerWithPet();
    const coOwner = await t.user();
    const { token } = await invited(owner, pet.id, coOwner.email, 'co-owner');
    await acceptInvitation(t.app.ctx, coOwner.id, token);
    const body = householdInviteSchema.parse({ email: 'x@example.test', role: 'sitter' });
    expect(await outcome(invite(t.app.ctx, coOwner.id, pet.id, body))).toBe(
      '403 FORBIDDEN_FOR_ROLE Forbidden_For_Role_Text',
    );
    expect(await outcome(invite(t.app.ctx, (await t.user()).id, pet.id, body))).toBe(
      '404 NOT_FOUND Not_Found_Text',
    );
    const self = householdInviteSchema.parse({ email: owner.email, role: 'sitter' });
    await expect(invite(t.app.ctx, owner.id, pet.id, self)).rejects.toMatchObject({
      status: 400,
      fields: { email: 'Household_Invite_Self_Text' },
    });
    for (let i = 0; i < 3; i += 1) await invite(t.app.ctx, owner.id, pet.id, body);
    expect(await outcome(invite(t.app.ctx, owner.id, pet.id, body))).toBe(
      '429 RATE_LIMITED Too_Many_Requests_Text',
    );
    // A day later, again.
    clock.set(new Date(clock.read().getTime() + DAY + 1000));
    expect(await invite(t.app.ctx, owner.id, pet.id, body)).toMatchObject({ email: 'x@example.test' });
  });

  test('a last day: access ends when that day ends in Berlin, checked on every request', async () => {
    const { owner, pet } = await ownerWithPet();
    const sitter = await t.user();
    clock.set(new Date('2027-03-10T10:00:00Z'));
    const { invitation, token } = await invited(owner, pet.id, sitter.email, 'sitter', '12.03.2027');
    expect(invitation.until).toBe('12.03.2027');
    await acceptInvitation(t.app.ctx, sitter.id, token);
    // 12 March 2027 ends at 23:00 UTC in Berlin (winter time).
    expect(
      (await petAccessOf(t.database.db, sitter.id, pet.id, new Date('2027-03-12T22:59:59Z')))?.role,
    ).toBe('sitter');
    expect(
      await petAccessOf(t.database.db, sitter.id, pet.id, new Date('2027-03-12T23:00:00Z')),
    ).toBeUndefined();
  });
});

describe('the household and its history', () => {
  async function fullHousehold() {
    const { owner, pet } = await ownerWithPet();
    const coOwner = await t.user({ name: 'Cora Co' });
    const sitter = await t.user({ name: 'Sam Sitter' });
    const coOwnerToken = (await invited(owner, pet.id, coOwner.email, 'co-owner')).token;
    tick();
    await acceptInvitation(t.app.ctx, coOwner.id, coOwnerToken);
    const sitterToken = (await invited(owner, pet.id, sitter.email, 'sitter')).token;
    tick();
    await acceptInvitation(t.app.ctx, sitter.id, sitterToken);
    return { owner, pet, coOwner, sitter };
  }

  test('the owner and co-owners read it; a sitter may not; a stranger gets the 404 of a missing pet', async () => {
    const h = await fullHousehold();
    const household = await householdOf(t.app.ctx, h.coOwner.id, h.pet.id);
    expect(household.members.map((m) => [m.name, m.role])).toEqual([
      ['Cora Co', 'co-owner'],
      ['Sam Sitter', 'sitter'],
    ]);
    expect(await householdOf(t.app.ctx, h.owner.id, h.pet.id)).toEqual(household);
    expect(await outcome(householdOf(t.app.ctx, h.sitter.id, h.pet.id))).toBe(
      '403 FORBIDDEN_FOR_ROLE Forbidden_For_Role_Text',
    );
    expect(await outcome(householdOf(t.app.ctx, (await t.user()).id, h.pet.id))).toBe(
      '404 NOT_FOUND Not_Found_Text',
    );
  });

  test('a member leaves, the owner revokes, a co-owner may not revoke; the history says who did what', async () => {
    const h = await fullHousehold();
    const members = (await householdOf(t.app.ctx, h.owner.id, h.pet.id)).members;
    const sitterMember = members.find((m) => m.role === 'sitter')!;
    const coOwnerMember = members.find((m) => m.role === 'co-owner')!;
    expect(await outcome(removeMember(t.app.ctx, h.coOwner.id, sitterMember.id))).toBe(
      '403 FORBIDDEN_FOR_ROLE Forbidden_For_Role_Text',
    );
    expect(await outcome(removeMember(t.app.ctx, (await t.user()).id, sitterMember.id))).toBe(
      '404 NOT_FOUND Not_Found_Text',
    );
    tick();
    await removeMember(t.app.ctx, h.sitter.id, sitterMember.id);
    expect(await petAccessOf(t.database.db, h.sitter.id, h.pet.id, clock.read())).toBeUndefined();
    tick();
    await removeMember(t.app.ctx, h.owner.id, coOwnerMember.id);
    expect(await petAccessOf(t.database.db, h.coOwner.id, h.pet.id, clock.read())).toBeUndefined();

    const history = await householdHistory(t.app.ctx, h.owner.id, h.pet.id, { offset: 0, limit: 10 });
    expect(history.total).toBe(7);
    expect(history.data.map((e) => [e.actor_name, e.action, e.entity])).toEqual([
      ['Olga Owner', 'revoked', 'member'],
      ['Sam Sitter', 'left', 'member'],
      ['Sam Sitter', 'accepted', 'member'],
      ['Olga Owner', 'invited', 'invitation'],
      ['Cora Co', 'accepted', 'member'],
      ['Olga Owner', 'invited', 'invitation'],
      ['Olga Owner', 'created', 'pet'],
    ]);
    expect(
      (await householdHistory(t.app.ctx, h.owner.id, h.pet.id, { offset: 4, limit: 10 })).data,
    ).toHaveLength(3);
    // A member's account deleted: the history keeps the entry, without the name.
    await t.database.db.delete(users).where(sql`${users.id} = ${h.sitter.id}`);
    const after = await householdHistory(t.app.ctx, h.owner.id, h.pet.id, { offset: 0, limit: 10 });
    expect(after.data.filter((e) => e.actor_name === null).map((e) => e.action)).toEqual([
      'left',
      'accepted',
    ]);
  });
});
