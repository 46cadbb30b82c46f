/** The fields' values as a form's inputs hold them: a missing value (null, absent) as '' ("nothing entered"). */
export type InputValues<Source, Field extends string, Prefix extends string> = {
  [F in Field]: Exclude<Source[`${Prefix}${F}` & keyof Source], null | undefined> | '';
};

/**
 * The named text fields of a stored entry as the form's values: each read from `<prefix><field>` (a list item
 * whose names carry the entity's prefix: `appointment_`, `medical_`), a missing value as ''. Fields that need
 * more than that (a number, a time without its seconds) are the caller's.
 */
export function inputValuesOf<
  Source extends object,
  const Field extends string,
  const Prefix extends string = '',
>(
  source: Source & { readonly [F in Field as `${Prefix}${F}`]?: string | null },
  fields: readonly Field[],
  prefix?: Prefix,
): InputValues<Source, Field, Prefix> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    values[field] = (source as Record<string, unknown>)[`${prefix ?? ''}${field}`] ?? '';
  }
  return values as InputValues<Source, Field, Prefix>;
}
