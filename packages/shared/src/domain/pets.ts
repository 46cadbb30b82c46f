import { displayDateToIso } from './dates.ts';

// The pets domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/pets.ts.

export const PET_GENDERS = ['male', 'female'] as const;

export type PetGender = (typeof PET_GENDERS)[number];

/** Maximum lengths: the spec shows none, these keep rows and screens sane. */
export const PET_LIMITS = {
  name: 50,
  race: 100,
  color: 50,
  features: 500,
  labeling: 50,
  ancestry: 200,
  /** Weight entries per pet (a weekly weight for 20 years). */
  weights: 1000,
  /** kg; an elephant is "Other" too, a typo of 10 000 is not. */
  weightMax: 9999,
} as const;

/** Newest first, as the spec keeps the list; entries of one day keep their order. */
export function sortWeightsNewestFirst<T extends { date: string }>(weights: readonly T[]): T[] {
  const key = (w: T) => displayDateToIso(w.date) ?? '';
  return [...weights].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

/** Who the signed-in user is to a pet: its owner, or a member of its household (issue 45). */
export const PET_ROLES = ['owner', 'co-owner', 'sitter'] as const;

export type PetRole = (typeof PET_ROLES)[number];
