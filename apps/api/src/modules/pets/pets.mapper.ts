import {
  isoToDisplayDate,
  type Pet,
  type PetGender,
  type PetProfile,
  type PetRole,
  type PetType,
} from '@pet/shared';
import { type FileUrlOf, ownerFileUrl } from '../../lib/file-url.ts';
import type { PetWithImage } from './pets.repo.ts';

// Rows -> the pet as the API answers it: dates dd.MM.yyyy, size "45cm", the picture as its owner-only URL
// (or another address of the file: a share link's).

/** The pet's own data (a share link's page shows this). */
export function toPetProfile(
  row: PetWithImage,
  publicUrl: string,
  urlOf: FileUrlOf = ownerFileUrl(publicUrl),
): PetProfile {
  return {
    id: row.id,
    name: row.name,
    pet_type: row.petType as PetType,
    gender: (row.gender as PetGender | null) ?? null,
    race: row.race,
    date_of_birth: row.dateOfBirth ? isoToDisplayDate(row.dateOfBirth) : null,
    size: row.sizeCm === null ? null : `${row.sizeCm}cm`,
    color: row.color,
    features: row.features,
    labeling: row.labeling,
    ancestry: row.ancestry,
    image_url: row.imageFileId ? urlOf(row.imageFileId) : null,
    weights: row.weights.map((w) => ({ weight: w.weight, date: isoToDisplayDate(w.date) })),
    created_at: row.createdAt.toISOString(),
  };
}

/** The pet as the user who read it reaches it: their own, or shared with them with a role (issue 45). */
export function toPet(row: PetWithImage, publicUrl: string): Pet {
  return {
    ...toPetProfile(row, publicUrl),
    role: (row.memberRole as PetRole | null) ?? 'owner',
    owner_name: row.ownerName,
    member_id: row.memberId,
  };
}
