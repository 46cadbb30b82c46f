import { MEDICAL_TYPES } from '@pet/shared';
import type { PetAction } from '../../src/modules/household/pet-access.ts';
import type { MatrixWorld } from './ownership-matrix.ts';

// The rule table of the role matrix (test/role-matrix.test.ts, issue 45): the action each route about a pet's
// things needs of the one role check (modules/household/pet-access.ts): `read` (owner, co-owner, sitter),
// `write` (owner, co-owner), `manage` (the owner alone). A route that takes an id of a pet's kind (PET_KINDS)
// without an entry here fails the matrix: a new per-pet route must say who may call it.

/** The kinds of ID_KINDS (support/id-kinds.ts) whose things belong to a pet. */
export const PET_KINDS: ReadonlySet<string> = new Set([
  'pet',
  'appointment',
  'contact',
  'medical',
  'medication',
  ...MEDICAL_TYPES.map((type) => `medical.${type}`),
  'document',
  'file',
  'shareLink',
  'emergencyTag',
  'householdMember',
  'householdInvitation',
]);

/**
 * Things of a pet kind that are the person's, not the pet's: a member reaches them no more than a stranger
 * does. The `file` kind's second id is the owner's own picture (its seed's order).
 */
export async function personalIds(world: MatrixWorld, kind: string): Promise<string[]> {
  return kind === 'file' ? [(await world.ids('file'))[1]!] : [];
}

const medicalRoutes = Object.fromEntries(
  MEDICAL_TYPES.flatMap((type) => [
    [`POST /v1/medical/${type}`, 'write'],
    [`PUT /v1/medical/${type}`, 'write'],
  ]),
) as Record<string, PetAction>;

export const ROUTE_ACTIONS: Record<string, PetAction> = {
  'GET /v1/pet': 'read',
  'PUT /v1/pet': 'write',
  // Deleting the pet, passing it on: the owner's.
  'DELETE /v1/pet': 'manage',
  'POST /v1/upload/image': 'write',
  'GET /v1/files/{id}': 'read',
  'GET /v1/appointment/mypetappointments': 'read',
  'GET /v1/appointment/ics': 'read',
  'POST /v1/appointment': 'write',
  'PUT /v1/appointment': 'write',
  'DELETE /v1/appointment': 'write',
  'GET /v1/contact/mycontacts': 'read',
  'POST /v1/contact': 'write',
  'PUT /v1/contact': 'write',
  'DELETE /v1/contact': 'write',
  'GET /v1/medical/mypetmedicals': 'read',
  ...medicalRoutes,
  'DELETE /v1/medical': 'write',
  'GET /v1/document/mydocs': 'read',
  'GET /v1/document/zip': 'read',
  'POST /v1/document': 'write',
  'PUT /v1/document': 'write',
  'DELETE /v1/document': 'write',
  'POST /v1/upload/document': 'write',
  'GET /v1/emergency': 'read',
  // The tag prints the owner's password, which opens all the owner's pets' files.
  'GET /v1/emergency/tag': 'manage',
  // Share links open the pet to people outside the household.
  'POST /v1/share-link': 'manage',
  'GET /v1/share-link/mylinks': 'manage',
  'DELETE /v1/share-link': 'manage',
  'POST /v1/household/invite': 'manage',
  // The household and its history: for the owner and co-owners.
  'GET /v1/household': 'write',
  'GET /v1/household/history': 'write',
  'DELETE /v1/household': 'manage',
  'DELETE /v1/household/invitation': 'manage',
  // Naming the second emergency contact is the owner's (the co-owner named may withdraw: household tests).
  'PUT /v1/household/emergency-contact': 'manage',
  // The dose log (issue 49): read with the pet; a check-off's undo is care, the one write a sitter has.
  'GET /v1/dose': 'read',
  'DELETE /v1/dose/check': 'care',
  // Reminders (issue 49): everyone who reaches the pet sees its dose times and opts in for themselves; the
  // owner sets the times.
  'GET /v1/reminders': 'read',
  'PUT /v1/reminders/dose-times': 'manage',
  'PUT /v1/reminders/opt-in': 'read',
};

/**
 * Routes whose rule lets a member in but whose own rule then refuses the owner's thing: the member's answer
 * is this refusal, not a success (and never FORBIDDEN_FOR_ROLE). A check-off is undone only by its giver,
 * and the matrix's check-offs are the owner's.
 */
export const OWN_RULE_REFUSALS: Record<string, { status: number; code: string }> = {
  'DELETE /v1/dose/check': { status: 403, code: 'DOSE_UNDO_NOT_YOURS' },
};
