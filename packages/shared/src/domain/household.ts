// The household domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/household.ts.

export const HOUSEHOLD_ROLES = ['co-owner', 'sitter'] as const;

export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** How long an invitation's link works, and how many a day may go out (to one address for one pet; in all). */
export const HOUSEHOLD_INVITATION = { days: 7, perAddressAndPetPerDay: 3, perInviterPerDay: 20 } as const;

/** What the history says was done: to the household itself, or to the pet and its records. */
export const HOUSEHOLD_HISTORY_ACTIONS = [
  'invited',
  'accepted',
  'revoked',
  'left',
  'created',
  'updated',
  'deleted',
  /** A dose checked off, and that check-off undone (issue 49). */
  'checked',
  'unchecked',
  /** The owner named a co-owner the second emergency contact, or took that back; the co-owner withdrew. */
  'named',
  'unnamed',
  'withdrew',
] as const;

export type HouseholdHistoryAction = (typeof HOUSEHOLD_HISTORY_ACTIONS)[number];

/** What it was done to. */
export const HOUSEHOLD_HISTORY_ENTITIES = [
  'invitation',
  'member',
  'pet',
  'picture',
  'appointment',
  'contact',
  'medical',
  'document',
  'share_link',
  'emergency',
  'dose',
  'emergency_contact',
] as const;

export type HouseholdHistoryEntity = (typeof HOUSEHOLD_HISTORY_ENTITIES)[number];
