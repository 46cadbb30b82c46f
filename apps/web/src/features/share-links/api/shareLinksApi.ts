import type { CreatedShareLink, CreateShareLinkInput, SharedPet, ShareLink } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// Share links of a pet (issue 12): the owner's list, making and revoking one, and the public read of the
// page a link opens.

export const shareLinksKey = ['share-links'] as const;

/** GET /v1/share-link/mylinks?pet_id=: the pet's links, newest first. */
export function petShareLinksQuery(petId: string) {
  return queryOptions({
    queryKey: [...shareLinksKey, 'pet', petId] as const,
    queryFn: ({ signal }) =>
      apiFetch<ShareLink[]>(apiPaths.petShareLinks, { query: { pet_id: petId }, signal }),
  });
}

/** POST /v1/share-link?pet_id=: the new link with its address, which is shown this once. */
export function createShareLink(petId: string, body: CreateShareLinkInput) {
  return apiFetch<CreatedShareLink>(apiPaths.shareLink, { method: 'POST', query: { pet_id: petId }, body });
}

/** DELETE /v1/share-link?id= (204). */
export function revokeShareLink(id: string) {
  return apiFetch<void>(apiPaths.shareLink, { method: 'DELETE', query: { id } });
}

/** GET /v1/shared/{secret}, without a session: 404 when the link is unknown, expired or revoked. */
export function sharedPetQuery(secret: string) {
  return queryOptions({
    queryKey: ['shared-pet', secret] as const,
    queryFn: ({ signal }) =>
      apiFetch<SharedPet>(`${apiPaths.shared}/${encodeURIComponent(secret)}`, {
        signal,
        ignoreUnauthorized: true,
      }),
    // The page shows what the link showed when it was opened; a refetch would only mark another use.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
