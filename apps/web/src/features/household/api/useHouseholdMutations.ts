import type { HouseholdInviteInput, MyInfo } from '@pet/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { petQueryKey, petsQueryKey } from '../../../lib/pets/petQueries.ts';
import { myInfoQueryKey, updateMyInfo } from '../../../lib/session/myInfo.ts';
import {
  acceptInvitation,
  householdKey,
  inviteToHousehold,
  nameEmergencyContact,
  removeMember,
  revokeInvitation,
} from './householdApi.ts';

// Every write refreshes the household and the history. Joining or leaving also changes the user's pets:
// the list, myinfo (the side bar's pets) and, on leaving, the pet itself, which is no longer the user's to
// read. A failed write is reported once, by the query client's MutationCache.

export const householdMutationKeys = {
  invite: ['household', 'invite'],
  accept: ['household', 'accept'],
  remove: ['household', 'remove-member'],
  leave: ['household', 'leave'],
  revokeInvitation: ['household', 'revoke-invitation'],
  emergencyContact: ['household', 'emergency-contact'],
} as const;

function useRefreshHousehold() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: householdKey });
}

function refreshPets(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: petsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: myInfoQueryKey }),
  ]);
}

/** POST /v1/household/invite?pet_id= (the owner). */
export function useInviteToHousehold(petId: string) {
  const refresh = useRefreshHousehold();
  return useMutation({
    mutationKey: householdMutationKeys.invite,
    mutationFn: (body: HouseholdInviteInput) => inviteToHousehold(petId, body),
    onSuccess: refresh,
  });
}

/** DELETE /v1/household/invitation?invitation_id= (the owner). */
export function useRevokeInvitation() {
  const refresh = useRefreshHousehold();
  return useMutation({
    mutationKey: householdMutationKeys.revokeInvitation,
    mutationFn: (invitationId: string) => revokeInvitation(invitationId),
    onSuccess: refresh,
  });
}

/** DELETE /v1/household?member_id=: the owner removes someone else. */
export function useRemoveMember() {
  const refresh = useRefreshHousehold();
  return useMutation({
    mutationKey: householdMutationKeys.remove,
    mutationFn: (memberId: string) => removeMember(memberId),
    onSuccess: refresh,
  });
}

/** PUT /v1/household/emergency-contact?pet_id=: the owner names or unnames; the co-owner named withdraws. */
export function useNameEmergencyContact(petId: string) {
  const refresh = useRefreshHousehold();
  return useMutation({
    mutationKey: householdMutationKeys.emergencyContact,
    mutationFn: (memberId: string | null) => nameEmergencyContact(petId, memberId),
    onSuccess: refresh,
  });
}

/**
 * DELETE /v1/household?member_id= with the user's own membership: the pet is no longer theirs to read, so it
 * is forgotten without being fetched again (that would answer 404); the lists of pets follow.
 */
export function useLeaveHousehold(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: householdMutationKeys.leave,
    mutationFn: (memberId: string) => removeMember(memberId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: petQueryKey(petId), exact: true });
      queryClient.removeQueries({ queryKey: householdKey });
      const me = queryClient.getQueryData<MyInfo | null>(myInfoQueryKey);
      if (me) updateMyInfo(queryClient, { pets: me.pets.filter((p) => p.id !== petId) });
      void refreshPets(queryClient);
    },
  });
}

/** POST /v1/household/accept: the joined pet appears in the user's pets. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: householdMutationKeys.accept,
    mutationFn: (token: string) => acceptInvitation(token),
    onSuccess: () => {
      void refreshPets(queryClient);
      void queryClient.invalidateQueries({ queryKey: householdKey });
    },
  });
}
