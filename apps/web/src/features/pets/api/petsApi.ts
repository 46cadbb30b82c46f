import type { Pet, PetGender, PetType } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { apiFetch } from '../../../lib/api/client.ts';

// The pet writes of spec 1 section 7. Reads are shared: lib/pets/petQueries.ts.

export interface CreatePetBody {
  name: string;
  pet_type: PetType;
  gender: PetGender | null;
  race: string | null;
  date_of_birth: string | null;
}

export interface UpdatePetBody extends CreatePetBody {
  /** Whole centimetres; the API answers it as "45cm". */
  size: number | null;
  color: string | null;
  features: string | null;
  labeling: string | null;
  ancestry: string | null;
  /** The whole list, newest first; dates dd.MM.yyyy. */
  weights: Array<{ weight: number; date: string }>;
}

/** POST /v1/pet: 201 with the new pet; 403 LIMIT_REACHED at the plan's pets_limit. */
export function createPet(body: CreatePetBody) {
  return apiFetch<Pet>(apiPaths.pet, { method: 'POST', body });
}

/** PUT /v1/pet?id=: the whole pet including its weights; answers the pet. */
export function updatePet(id: string, body: UpdatePetBody) {
  return apiFetch<Pet>(apiPaths.pet, { method: 'PUT', query: { id }, body });
}

/** DELETE /v1/pet?id=: the pet with its weights, appointments, reminders and files. */
export function deletePet(id: string) {
  return apiFetch<void>(apiPaths.pet, { method: 'DELETE', query: { id } });
}
