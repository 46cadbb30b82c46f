import {
  type ErrorTextKey,
  isErrorTextKey,
  sortWeightsNewestFirst,
  type WeightEntry,
  weightEntrySchema,
} from '@pet/shared';

// The weight inputs of the edit form (spec 1 sections 4 and 5): a weight and a date entered together become
// an entry; only one of them, or a negative weight, is an error under the input concerned.

export interface WeightDraft {
  /** What the number input holds: a number, '' when empty (a string while typed with a comma). */
  weight: number | string;
  /** dd.MM.yyyy, or ''. */
  date: string;
}

export interface WeightDraftErrors {
  weight?: ErrorTextKey;
  date?: ErrorTextKey;
}

export type WeightDraftCheck =
  | { kind: 'empty' }
  | { kind: 'entry'; entry: WeightEntry }
  | { kind: 'invalid'; errors: WeightDraftErrors };

export const EMPTY_WEIGHT_DRAFT: WeightDraft = { weight: '', date: '' };

function isBlank(value: number | string): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/**
 * Checks the inputs with the shared entry schema. `empty` is both inputs blank: the add button shows both
 * required errors then, while Save simply saves without a new entry.
 */
export function checkWeightDraft(draft: WeightDraft): WeightDraftCheck {
  if (isBlank(draft.weight) && draft.date.trim() === '') return { kind: 'empty' };
  const result = weightEntrySchema.safeParse({ weight: draft.weight, date: draft.date });
  if (result.success) return { kind: 'entry', entry: result.data };
  const errors: WeightDraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key: ErrorTextKey = isErrorTextKey(issue.message) ? issue.message : 'Invalid_Value_Error';
    if (field === 'weight' && !errors.weight) errors.weight = key;
    if (field === 'date' && !errors.date) errors.date = key;
  }
  return { kind: 'invalid', errors };
}

/** Both inputs blank and the add button pressed: both parts are required. */
export const BOTH_REQUIRED: WeightDraftErrors = {
  weight: 'Weight_Required_Error',
  date: 'Weight_Date_Required_Error',
};

/** The list with the new entry, newest first (entries of one day keep their order, the new one first). */
export function withWeight(list: readonly WeightEntry[], entry: WeightEntry): WeightEntry[] {
  return sortWeightsNewestFirst([entry, ...list]);
}
