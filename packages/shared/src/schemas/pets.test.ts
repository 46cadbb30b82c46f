import { describe, expect, it } from 'vitest';
import { brandConfig } from '../brands.ts';
import { sortWeightsNewestFirst } from '../domain/pets.ts';
import { createPetSchemaFor, petSizeField, updatePetSchema, weightEntrySchema } from './pets.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('pet schemas', () => {
  it('size: "45cm", "45 cm", "45" and 45 are 45; empty is none; outside 10..100 or not whole is refused', () => {
    for (const value of ['45cm', '45 cm', '45', 45, ' 45CM ']) expect(petSizeField.parse(value)).toBe(45);
    for (const value of ['', null, undefined]) expect(petSizeField.parse(value)).toBeNull();
    for (const value of ['9cm', 101, '45.5', 45.5, 'big', '-20']) {
      expect(firstMessage(petSizeField.safeParse(value))).toBe('Pet_Size_Error');
    }
  });

  it('weight entry: both parts, not negative, decimal comma accepted', () => {
    expect(weightEntrySchema.parse({ weight: '12,5', date: '01.02.2024' })).toEqual({
      weight: 12.5,
      date: '01.02.2024',
    });
    expect(firstMessage(weightEntrySchema.safeParse({ weight: -0.1, date: '01.02.2024' }))).toBe(
      'Weight_Negative_Error',
    );
    expect(firstMessage(weightEntrySchema.safeParse({ weight: 3 }))).toBe('Weight_Date_Required_Error');
    expect(firstMessage(weightEntrySchema.safeParse({ date: '01.02.2024' }))).toBe('Weight_Required_Error');
    expect(firstMessage(weightEntrySchema.safeParse({ weight: '', date: '' }))).toBe('Weight_Required_Error');
    expect(firstMessage(weightEntrySchema.safeParse({ weight: 3, date: '2024-02-01' }))).toBe(
      'Date_Format_Error',
    );
  });

  it('weights are kept newest first; entries of one day keep their order', () => {
    const sorted = sortWeightsNewestFirst([
      { weight: 1, date: '01.01.2023' },
      { weight: 2, date: '01.06.2024' },
      { weight: 3, date: '01.01.2023' },
      { weight: 4, date: '31.12.2023' },
    ]);
    expect(sorted.map((w) => w.weight)).toEqual([2, 4, 1, 3]);
    const parsed = updatePetSchema.parse({
      name: 'Rex',
      pet_type: 'Dog',
      weights: [
        { weight: 1, date: '01.01.2020' },
        { weight: 2, date: '01.01.2021' },
      ],
    });
    expect(parsed.weights?.map((w) => w.weight)).toEqual([2, 1]);
    // Absent stays absent (keep); null clears.
    expect(updatePetSchema.parse({ name: 'Rex', pet_type: 'Dog' }).weights).toBeUndefined();
    expect(updatePetSchema.parse({ name: 'Rex', pet_type: 'Dog', weights: null }).weights).toBeNull();
  });

  it('species per brand: hunde-schutz has Dog only and defaults to it', () => {
    const dogs = createPetSchemaFor(brandConfig('hunde-schutz'));
    expect(dogs.parse({ name: 'Rex' }).pet_type).toBe('Dog');
    expect(firstMessage(dogs.safeParse({ name: 'Rex', pet_type: 'Cat' }))).toBe('Pet_Type_Error');
    const all = createPetSchemaFor(brandConfig('petention'));
    expect(firstMessage(all.safeParse({ name: 'Rex' }))).toBe('Pet_Type_Error');
    expect(all.parse({ name: ' Rex ', pet_type: 'Other', gender: '' })).toMatchObject({
      name: 'Rex',
      gender: null,
    });
  });
});
