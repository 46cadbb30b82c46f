import type {
  Household,
  HouseholdAccepted,
  HouseholdHistoryPage,
  HouseholdInvitation,
  HouseholdInviteInput,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The household calls of issue 45: the owner invites and takes invitations back, the invited person
// accepts, the owner and co-owners read the members and the pet's history, a member leaves (or the owner
// removes one); issue 49: the owner names the second emergency contact, who may withdraw. Every pet's household and history live under one key prefix.

export const householdKey = ['household'] as const;

/** The history's page size (the API's default, and what the list pages by). */
export const HISTORY_PAGE_SIZE = 20;

/** GET /v1/household?pet_id=: members and open invitations (owner and co-owners; a sitter gets 403). */
export function householdQuery(petId: string) {
  return queryOptions({
    queryKey: [...householdKey, 'pet', petId] as const,
    queryFn: ({ signal }) => apiFetch<Household>(apiPaths.household, { query: { pet_id: petId }, signal }),
  });
}

/** GET /v1/household/history?pet_id=&page=&page_size=: who changed what, newest first. */
export function householdHistoryQuery(petId: string, page: number) {
  return queryOptions({
    queryKey: [...householdKey, 'history', petId, page] as const,
    queryFn: ({ signal }) =>
      apiFetch<HouseholdHistoryPage>(apiPaths.householdHistory, {
        query: { pet_id: petId, page, page_size: HISTORY_PAGE_SIZE },
        signal,
      }),
    // The page shown stays while the next one loads: the pagination does not jump.
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/household/invite?pet_id= (201): the invitation; the mail with its link goes out. */
export function inviteToHousehold(petId: string, body: HouseholdInviteInput) {
  return apiFetch<HouseholdInvitation>(apiPaths.householdInvite, {
    method: 'POST',
    query: { pet_id: petId },
    body,
  });
}

/** POST /v1/household/accept: the pet joined, as what, and the membership's id. */
export function acceptInvitation(token: string) {
  return apiFetch<HouseholdAccepted>(apiPaths.householdAccept, { method: 'POST', body: { token } });
}

/** DELETE /v1/household?member_id= (204): the owner removes a member, or a member leaves. */
export function removeMember(memberId: string) {
  return apiFetch<void>(apiPaths.household, { method: 'DELETE', query: { member_id: memberId } });
}

/**
 * PUT /v1/household/emergency-contact?pet_id= (204): the owner names a co-owner the pet's second emergency
 * contact, or no one (null); the co-owner named withdraws with null.
 */
export function nameEmergencyContact(petId: string, memberId: string | null) {
  return apiFetch<void>(apiPaths.householdEmergencyContact, {
    method: 'PUT',
    query: { pet_id: petId },
    body: { member_id: memberId },
  });
}

/** DELETE /v1/household/invitation?invitation_id= (204): the owner takes an open invitation back. */
export function revokeInvitation(invitationId: string) {
  return apiFetch<void>(apiPaths.householdInvitation, {
    method: 'DELETE',
    query: { invitation_id: invitationId },
  });
}
