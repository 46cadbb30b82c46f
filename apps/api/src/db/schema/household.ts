import type { HouseholdHistoryAction, HouseholdHistoryEntity } from '@pet/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { pets } from './pets.ts';

// A household around each pet (issue 45; DESIGN.md, third wave): people the owner let in, each with a role on
// that one pet. The owner is the pet's `user_id` and never a row here. A member reaches the pet until `until`
// (checked on every request, modules/household/pet-access.ts); the owner's account deletion ends the
// household with the pet, a member's deletion ends that membership.

export const householdMembers = pgTable(
  'household_members',
  {
    id: text('id').primaryKey(),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** Access ends at this instant; null: until revoked. */
    until: timestamp('until', { withTimezone: true }),
    /**
     * The owner named this co-owner the pet's second emergency contact (issue 49): the file prints their name,
     * phone and address. Kept on the membership so that it ends with it (leaving, removal, the account's
     * deletion); a change to sitter clears it (household.repo.ts's upsertMember), and a last day passed
     * stops it being printed or shown.
     */
    emergencyContact: boolean('emergency_contact').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('household_members_pet_user_idx').on(t.petId, t.userId),
    index('household_members_user_idx').on(t.userId),
    // At most one second contact per pet.
    uniqueIndex('household_members_emergency_contact_idx').on(t.petId).where(sql`${t.emergencyContact}`),
    check('household_members_role_check', sql`${t.role} in ('co-owner', 'sitter')`),
  ],
);

/**
 * An invitation by e-mail, until it is accepted, revoked or expired. The token is only in the mail: the row
 * holds its SHA-256. `email` is the address invited (lower case), which the accepting account need not have.
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: text('id').primaryKey(),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    until: timestamp('until', { withTimezone: true }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('household_invitations_pet_idx').on(t.petId, t.createdAt),
    index('household_invitations_email_idx').on(t.email, t.createdAt),
    check('household_invitations_role_check', sql`${t.role} in ('co-owner', 'sitter')`),
  ],
);

/**
 * Who did what to a shared pet, written in the writing transaction. The actor's id goes when the actor's
 * account does (the history then says "former member"); no e-mail address or text the user typed is kept.
 */
export const householdHistory = pgTable(
  'household_history',
  {
    id: text('id').primaryKey(),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<HouseholdHistoryAction>().notNull(),
    entity: text('entity').$type<HouseholdHistoryEntity>().notNull(),
    entityId: text('entity_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('household_history_pet_idx').on(t.petId, t.at)],
);
