import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BrandConfig,
  createPetSchemaFor,
  type Pet,
  type PetGender,
  type PetType,
  updatePetSchemaFor,
  type WeightEntry,
} from '@pet/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { inputValuesOf } from '../../../lib/inputValues.ts';

// The add and edit forms validate with the API's own schemas (packages/shared), so a message under a field
// is the one the server would give. Form values are what the inputs hold; the schemas turn them into the
// request bodies (trimmed text, null for empty, size in whole centimetres).

export function addPetSchema(brand: Pick<BrandConfig, 'petTypes'>) {
  return createPetSchemaFor(brand);
}

export function editPetSchema(brand: Pick<BrandConfig, 'petTypes'>) {
  return updatePetSchemaFor(brand);
}

/**
 * The resolver for a pet form. The inputs hold '' for "not chosen yet" where the schema's input type only
 * names the choices (pet_type); the schema refuses '' with the same message as a missing value, so only the
 * type needs widening here.
 */
export function petFormResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema as z.ZodType<Output, FieldValues>) as unknown as Resolver<
    Values,
    unknown,
    Output
  >;
}

export type AddPetOutput = z.output<ReturnType<typeof addPetSchema>>;
export type EditPetOutput = z.output<ReturnType<typeof editPetSchema>>;

export interface AddPetValues {
  /** '' until chosen; fixed to the only species on one-species brands. */
  pet_type: PetType | '';
  name: string;
  /** dd.MM.yyyy or ''. */
  date_of_birth: string;
  gender: PetGender | '';
  race: string;
}

export interface EditPetValues {
  name: string;
  date_of_birth: string;
  pet_type: PetType | '';
  gender: PetGender | '';
  race: string;
  /** Whole centimetres, or '' for none. */
  size: number | '';
  color: string;
  features: string;
  weights: WeightEntry[];
  labeling: string;
  ancestry: string;
}

export function addPetDefaults(brand: Pick<BrandConfig, 'petTypes'>): AddPetValues {
  return {
    pet_type: brand.petTypes.length === 1 ? (brand.petTypes[0] ?? '') : '',
    name: '',
    date_of_birth: '',
    gender: '',
    race: '',
  };
}

/** "45cm" (as the API answers) -> 45. */
export function sizeInCm(size: string | null): number | '' {
  if (!size) return '';
  const cm = Number.parseInt(size, 10);
  return Number.isFinite(cm) ? cm : '';
}

export function editPetValues(pet: Pet): EditPetValues {
  return {
    ...inputValuesOf(pet, [
      'name',
      'date_of_birth',
      'pet_type',
      'gender',
      'race',
      'color',
      'features',
      'labeling',
      'ancestry',
    ]),
    size: sizeInCm(pet.size),
    weights: pet.weights.map((w) => ({ weight: w.weight, date: w.date })),
  };
}

/** Field names the API's `fields` may name, for applyFieldErrors. */
export const ADD_PET_FIELDS = ['pet_type', 'name', 'date_of_birth', 'gender', 'race'] as const;
export const EDIT_PET_FIELDS = [
  'name',
  'date_of_birth',
  'pet_type',
  'gender',
  'race',
  'size',
  'color',
  'features',
  'weights',
  'labeling',
  'ancestry',
] as const;
