import { describe, expect, it } from 'vitest';
import { inputValuesOf } from './inputValues.ts';

describe('inputValuesOf', () => {
  it('reads each field under its prefix and gives a missing value as an empty input', () => {
    const item = { medical_name: 'Rabies', medical_date: null, medical_comments: '', medical_id: 'm1' };
    expect(inputValuesOf(item, ['name', 'date', 'comments'], 'medical_')).toEqual({
      name: 'Rabies',
      date: '',
      comments: '',
    });
  });

  it('reads the fields under their own names without a prefix, and only the named ones', () => {
    const me: { city: string | null; zipcode?: string | null; phone: string } = {
      city: 'Köln',
      phone: '0221',
    };
    expect(inputValuesOf(me, ['city', 'zipcode'])).toEqual({ city: 'Köln', zipcode: '' });
  });
});
