import type { MedicalBody, MedicalListItem, MedicalRecord, MedicalType } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The medical calls of spec 2 section 7. One list per pet holds every category (the overview counts it, each
// list page filters it by medical_type), so a save or a delete refreshes every screen with one invalidation.

export const medicalKey = ['medical'] as const;

/** GET /v1/medical/mypetmedicals?pet_id=: the pet's records of every category, newest date first. */
export function petMedicalsQuery(petId: string) {
  return queryOptions({
    queryKey: [...medicalKey, 'pet', petId] as const,
    queryFn: ({ signal }) =>
      apiFetch<MedicalListItem[]>(apiPaths.petMedicals, { query: { pet_id: petId }, signal }),
  });
}

/** POST /v1/medical/{type}?pet_id=: answers the new record (403 LIMIT_REACHED without the medical flag). */
export function createMedical<T extends MedicalType>(type: T, petId: string, body: MedicalBody<T>) {
  return apiFetch<MedicalRecord>(`${apiPaths.medical}/${type}`, {
    method: 'POST',
    query: { pet_id: petId },
    body,
  });
}

/** PUT /v1/medical/{type}?med_id=: the same body without medical_type; answers the record. */
export function updateMedical<T extends MedicalType>(type: T, medId: string, body: MedicalBody<T>) {
  return apiFetch<MedicalRecord>(`${apiPaths.medical}/${type}`, {
    method: 'PUT',
    query: { med_id: medId },
    body,
  });
}

/** DELETE /v1/medical?med_id= (204). */
export function deleteMedical(medId: string) {
  return apiFetch<void>(apiPaths.medical, { method: 'DELETE', query: { med_id: medId } });
}
