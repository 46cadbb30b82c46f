import { z } from 'zod';
import { type BrandConfig, PET_TYPES, type PetType } from '../brands.ts';
import { PET_SIZE_MAX_CM, PET_SIZE_MIN_CM } from '../constants.ts';
import { displayDateToIso, notAfterToday } from '../domain/dates.ts';
import { PET_GENDERS, PET_LIMITS, PET_ROLES, sortWeightsNewestFirst } from '../domain/pets.ts';
import { optionalText } from './common.ts';
import { optionalDateField } from './dates.ts';

// Pets (document 1, sections 3, 4, 5 and 7): the add and edit payloads, the weight entries and the pet as
// the API answers it. Messages are text keys of the `errors` namespace.

const petName = z
  .string({ error: 'Name_Error' })
  .trim()
  .min(1, 'Name_Error')
  .max(PET_LIMITS.name, 'Max_Length_Error');

const gender = z
  .preprocess((v) => (v === '' ? null : v), z.enum(PET_GENDERS, { error: 'Invalid_Value_Error' }).nullish())
  .transform((v) => v ?? null);

/** The brand's species: a type the brand does not offer is refused like an unknown one. */
function petTypeField(types: readonly PetType[]) {
  const field = z.enum(types as [PetType, ...PetType[]], { error: 'Pet_Type_Error' });
  // A brand with one species hides the choice; its forms and apps may leave it out.
  const only = types.length === 1 ? types[0] : undefined;
  return only ? field.default(only) : field;
}

/** '45cm', '45 cm', '45' or 45 -> 45; absent, null or '' -> null; 10 to 100 whole centimetres. */
export const petSizeField = z
  .union([z.number(), z.string()], { error: 'Pet_Size_Error' })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'number' ? String(v) : v.trim().replace(/\s*cm$/i, '');
    const cm = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(cm) || cm < PET_SIZE_MIN_CM || cm > PET_SIZE_MAX_CM) {
      ctx.addIssue({ code: 'custom', message: 'Pet_Size_Error' });
      return z.NEVER;
    }
    return cm;
  });

/** A number in kg; a string with a decimal comma or point is read as one. */
const weightValue = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim().replace(',', '.');
    return text === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Weight_Required_Error' : 'Invalid_Value_Error',
    })
    .min(0, 'Weight_Negative_Error')
    .max(PET_LIMITS.weightMax, 'Invalid_Value_Error'),
);

/** One entry of the weight list: both parts are required, the weight is not negative. */
export const weightEntrySchema = z.object(
  {
    weight: weightValue,
    date: z
      .string({ error: 'Weight_Date_Required_Error' })
      .trim()
      .min(1, 'Weight_Date_Required_Error')
      .refine((v) => displayDateToIso(v) !== null, 'Date_Format_Error')
      .refine(notAfterToday, 'Date_In_Future_Error'),
  },
  { error: 'Invalid_Value_Error' },
);
export type WeightEntry = z.output<typeof weightEntrySchema>;

export const weightsField = z
  .array(weightEntrySchema, { error: 'Invalid_Value_Error' })
  .max(PET_LIMITS.weights, 'Invalid_Value_Error')
  .transform((list) => sortWeightsNewestFirst(list));

const dateOfBirth = optionalDateField.refine(notAfterToday, 'Date_In_Future_Error');

/** POST /v1/pet, for a brand (its species). */
export function createPetSchemaFor(brand: Pick<BrandConfig, 'petTypes'>) {
  return z.object({
    name: petName,
    pet_type: petTypeField(brand.petTypes),
    gender,
    race: optionalText(PET_LIMITS.race),
    date_of_birth: dateOfBirth,
  });
}

/**
 * PUT /v1/pet?id=, for a brand. Every field is the pet's new value (absent optional text clears it), except
 * `date_of_birth` and `weights`, which the spec marks optional: absent keeps the stored value, null (or an
 * empty list) clears it.
 */
export function updatePetSchemaFor(brand: Pick<BrandConfig, 'petTypes'>) {
  return z.object({
    name: petName,
    pet_type: petTypeField(brand.petTypes),
    gender,
    race: optionalText(PET_LIMITS.race),
    size: petSizeField,
    color: optionalText(PET_LIMITS.color),
    features: optionalText(PET_LIMITS.features),
    labeling: optionalText(PET_LIMITS.labeling),
    ancestry: optionalText(PET_LIMITS.ancestry),
    date_of_birth: z
      .string({ error: 'Date_Format_Error' })
      .trim()
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null))
      .refine((v) => v === undefined || v === null || displayDateToIso(v) !== null, 'Date_Format_Error')
      .refine((v) => v === undefined || notAfterToday(v), 'Date_In_Future_Error'),
    weights: weightsField.nullable().optional(),
  });
}

/** The schemas for every species (the web app builds its forms with the brand's own). */
export const createPetSchema = createPetSchemaFor({ petTypes: PET_TYPES });
export const updatePetSchema = updatePetSchemaFor({ petTypes: PET_TYPES });
export type CreatePetInput = z.input<typeof createPetSchema>;
export type UpdatePetInput = z.input<typeof updatePetSchema>;

/** The pet's own data, as every answer that shows a pet has it (a share link's page too). */
export const petProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  pet_type: z.enum(PET_TYPES),
  gender: z.enum(PET_GENDERS).nullable(),
  race: z.string().nullable(),
  /** dd.MM.yyyy */
  date_of_birth: z.string().nullable(),
  /** "45cm" */
  size: z.string().nullable(),
  color: z.string().nullable(),
  features: z.string().nullable(),
  labeling: z.string().nullable(),
  ancestry: z.string().nullable(),
  /** Absolute URL of the picture, served to its owner only (cookie or bearer); null without one. */
  image_url: z.string().nullable(),
  /** Newest first; dates dd.MM.yyyy, weights in kg. */
  weights: z.array(z.object({ weight: z.number(), date: z.string() })),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type PetProfile = z.infer<typeof petProfileSchema>;

/** GET /v1/pet?pet_id= (and each item of GET /v1/pet): the pet as the signed-in user reaches it. */
export const petSchema = petProfileSchema.extend({
  /** The user's role: 'owner' for the user's own pets, else the household role the owner gave. */
  role: z.enum(PET_ROLES),
  /** The owner's name on a pet shared with the user; null on the user's own. */
  owner_name: z.string().nullable(),
  /** The user's membership on a pet shared with them (to leave: DELETE /v1/household?member_id=); else null. */
  member_id: z.string().nullable(),
});
export type Pet = z.infer<typeof petSchema>;

/** GET /v1/pet without pet_id: the user's pets, oldest first. */
export const petListSchema = z.array(petSchema);

/** Query of POST /v1/upload/image. */
export const uploadImageQuerySchema = z
  .object({
    file_for: z.enum(['pet', 'user'], { error: 'Invalid_Value_Error' }),
    pet_id: z.string().trim().max(64, 'Invalid_Value_Error').optional(),
  })
  .refine((q) => q.file_for !== 'pet' || Boolean(q.pet_id), {
    path: ['pet_id'],
    message: 'Required_Error',
  });

export const uploadImageResponseSchema = z.object({ image_url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
