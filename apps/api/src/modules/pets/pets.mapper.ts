import { isoToDisplayDate, type Pet, type PetGender, type PetType } from '@pet/shared';
import { type FileUrlOf, ownerFileUrl } from '../../lib/file-url.ts';
import type { PetWithImage } from './pets.repo.ts';

// Rows -> the pet as the API answers it: dates dd.MM.yyyy, size "45cm", the picture as its owner-only URL
// (or another address of the file: a share link's).

export function toPet(row: PetWithImage, publicUrl: string, urlOf: FileUrlOf = ownerFileUrl(publicUrl)): Pet {
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
