import type { Pet } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client.ts';

// Reading pets is shared by every per-pet screen (pets, appointments, later medical data and documents):
// the banner with the pet's name and picture, the pet picker of the all-appointments form. Writing pets
// belongs to features/pets.

export const petsQueryKey = ['pets'] as const;

export function petQueryKey(petId: string) {
  return ['pets', petId] as const;
}

/** GET /v1/pet: the user's pets, oldest first. */
export const petsQuery = queryOptions({
  queryKey: petsQueryKey,
  queryFn: ({ signal }) => apiFetch<Pet[]>(apiPaths.pet, { signal }),
  staleTime: 30_000,
});

/** GET /v1/pet?pet_id=: one pet; someone else's or a deleted one answers 404. */
export function petQuery(petId: string) {
  return queryOptions({
    queryKey: petQueryKey(petId),
    queryFn: ({ signal }) => apiFetch<Pet>(apiPaths.pet, { query: { pet_id: petId }, signal }),
    staleTime: 30_000,
  });
}
