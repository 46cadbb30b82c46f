import type { CreateShareLinkInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createShareLink, revokeShareLink, shareLinksKey } from './shareLinksApi.ts';

// Making or revoking a link refreshes the pet's list. A failed write is reported once, by the query client's
// MutationCache.

export const shareLinkMutationKeys = {
  create: ['share-links', 'create'],
  revoke: ['share-links', 'revoke'],
} as const;

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shareLinksKey });
}

export function useCreateShareLink(petId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: shareLinkMutationKeys.create,
    mutationFn: (body: CreateShareLinkInput) => createShareLink(petId, body),
    onSuccess: refresh,
  });
}

export function useRevokeShareLink() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: shareLinkMutationKeys.revoke,
    mutationFn: (id: string) => revokeShareLink(id),
    onSuccess: refresh,
  });
}
