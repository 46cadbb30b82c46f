import type { CreatePetInput, Pet, UpdatePetInput } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { apiFetch } from '../../../lib/api/client.ts';

// The pet writes of spec 1 section 7. Reads are shared: lib/pets/petQueries.ts.

/** POST /v1/pet: 201 with the new pet; 403 LIMIT_REACHED at the plan's pets_limit. */
export function createPet(body: CreatePetInput) {
  return apiFetch<Pet>(apiPaths.pet, { method: 'POST', body });
}

/** PUT /v1/pet?id=: the whole pet including its weights; answers the pet. */
export function updatePet(id: string, body: UpdatePetInput) {
  return apiFetch<Pet>(apiPaths.pet, { method: 'PUT', query: { id }, body });
}

/** DELETE /v1/pet?id=: the pet with its weights, appointments, reminders and files. */
export function deletePet(id: string) {
  return apiFetch<void>(apiPaths.pet, { method: 'DELETE', query: { id } });
}
