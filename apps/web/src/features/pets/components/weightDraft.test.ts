import { describe, expect, it } from 'vitest';
import { checkWeightDraft, withWeight } from './weightDraft.ts';

describe('weight draft (spec 1 sections 4 and 5)', () => {
  it('both blank is empty; a weight with a date is an entry (comma or point)', () => {
    expect(checkWeightDraft({ weight: '', date: '' })).toEqual({ kind: 'empty' });
    expect(checkWeightDraft({ weight: 12.5, date: '01.02.2024' })).toEqual({
      kind: 'entry',
      entry: { weight: 12.5, date: '01.02.2024' },
    });
    expect(checkWeightDraft({ weight: '12,5', date: '01.02.2024' })).toMatchObject({
      entry: { weight: 12.5 },
    });
    expect(checkWeightDraft({ weight: 0, date: '01.02.2024' })).toMatchObject({ kind: 'entry' });
  });

  it('one part missing or a negative weight is an error under the input concerned', () => {
    expect(checkWeightDraft({ weight: 5, date: '' })).toEqual({
      kind: 'invalid',
      errors: { date: 'Weight_Date_Required_Error' },
    });
    expect(checkWeightDraft({ weight: '', date: '01.02.2024' })).toEqual({
      kind: 'invalid',
      errors: { weight: 'Weight_Required_Error' },
    });
    expect(checkWeightDraft({ weight: -1, date: '01.02.2024' })).toEqual({
      kind: 'invalid',
      errors: { weight: 'Weight_Negative_Error' },
    });
    expect(checkWeightDraft({ weight: -1, date: '' })).toEqual({
      kind: 'invalid',
      errors: { weight: 'Weight_Negative_Error', date: 'Weight_Date_Required_Error' },
    });
  });

  it('a date in the future is refused', () => {
    expect(checkWeightDraft({ weight: 5, date: '01.01.2999' })).toEqual({
      kind: 'invalid',
      errors: { date: 'Date_In_Future_Error' },
    });
  });

  it('the new entry is sorted in newest first; on the same day it comes first', () => {
    const list = [
      { weight: 12, date: '01.03.2024' },
      { weight: 10, date: '01.01.2024' },
    ];
    expect(withWeight(list, { weight: 11, date: '01.02.2024' }).map((w) => w.weight)).toEqual([12, 11, 10]);
    expect(withWeight(list, { weight: 13, date: '01.03.2024' }).map((w) => w.weight)).toEqual([13, 12, 10]);
    expect(withWeight(list, { weight: 9, date: '31.12.2023' }).map((w) => w.weight)).toEqual([12, 10, 9]);
  });
});
