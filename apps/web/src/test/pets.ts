import type { Pet } from '@pet/shared';

// Pets as GET /v1/pet answers them, for the screens that show or edit one.

/** A pet with every optional field empty; `overrides` set what a test is about. */
export function fakePet(overrides: Partial<Pet> = {}): Pet {
  return {
    id: 'pet-1',
    name: 'Bello',
    pet_type: 'Dog',
    gender: 'male',
    race: null,
    date_of_birth: null,
    size: null,
    color: null,
    features: null,
    labeling: null,
    ancestry: null,
    image_url: null,
    weights: [],
    created_at: '2025-01-01T10:00:00.000Z',
    role: 'owner',
    owner_name: null,
    member_id: null,
    ...overrides,
  };
}
