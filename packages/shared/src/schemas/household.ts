import { z } from 'zod';
import { notBeforeToday } from '../domain/dates.ts';
import {
  HOUSEHOLD_HISTORY_ACTIONS,
  HOUSEHOLD_HISTORY_ENTITIES,
  HOUSEHOLD_ROLES,
} from '../domain/household.ts';
import { emailField } from './common.ts';
import { optionalDateField } from './dates.ts';

// A household around each pet (issue 45; DESIGN.md, third wave): the owner invites someone by e-mail as
// co-owner or sitter, optionally until a day (the last day of access, dd.MM.yyyy, to its end in Berlin).

export const householdInviteSchema = z.object({
  email: emailField,
  role: z.enum(HOUSEHOLD_ROLES, { error: 'Invalid_Value_Error' }),
  until: optionalDateField.refine(notBeforeToday, 'Date_In_Past_Error'),
});
export type HouseholdInviteInput = z.input<typeof householdInviteSchema>;

export const householdAcceptSchema = z.object({
  token: z.string({ error: 'Required_Error' }).trim().min(1, 'Required_Error').max(200, 'Max_Length_Error'),
});

export const householdInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  /** The last day of access (dd.MM.yyyy), or null. */
  until: z.string().nullable(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  expires_at: z.string(),
});
export type HouseholdInvitation = z.infer<typeof householdInvitationSchema>;

export const householdMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  until: z.string().nullable(),
  since: z.string(),
  /** The pet's second emergency contact (issue 49): the emergency file prints their name, phone and e-mail. */
  emergency_contact: z.boolean(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdSchema = z.object({
  members: z.array(householdMemberSchema),
  /** Open invitations: neither accepted, revoked nor expired. */
  invitations: z.array(householdInvitationSchema),
});
export type Household = z.infer<typeof householdSchema>;

export const householdHistoryEntrySchema = z.object({
  id: z.string(),
  /** The actor's name; null: a former member (the account is gone). */
  actor_name: z.string().nullable(),
  action: z.enum(HOUSEHOLD_HISTORY_ACTIONS),
  entity: z.enum(HOUSEHOLD_HISTORY_ENTITIES),
  entity_id: z.string().nullable(),
  at: z.string(),
});
export type HouseholdHistoryEntry = z.infer<typeof householdHistoryEntrySchema>;

/**
 * PUT /v1/household/emergency-contact?pet_id=: the co-owner (a member's id) the owner names the pet's second
 * emergency contact, or null for none; the co-owner named may send null to withdraw.
 */
export const householdEmergencyContactSchema = z.object({
  member_id: z
    .string({ error: 'Invalid_Value_Error' })
    .trim()
    .min(1, 'Required_Error')
    .max(200, 'Max_Length_Error')
    .nullable(),
});
export type HouseholdEmergencyContactInput = z.input<typeof householdEmergencyContactSchema>;

/** POST /v1/household/accept: the pet the user joined, as what, and the membership's id. */
export const householdAcceptedSchema = z.object({
  pet_id: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  member_id: z.string(),
});
export type HouseholdAccepted = z.infer<typeof householdAcceptedSchema>;

/** GET /v1/household/history?pet_id=&page=&page_size= (newest first). */
export const householdHistoryPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Invalid_Value_Error' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce.number({ error: 'Invalid_Value_Error' }).int().min(1).max(100).default(20),
});

export const householdHistoryPageSchema = z.object({
  data: z.array(householdHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type HouseholdHistoryPage = z.infer<typeof householdHistoryPageSchema>;
