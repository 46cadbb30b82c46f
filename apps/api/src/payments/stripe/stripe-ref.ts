// Stripe names a related object by its id, or hands the object itself when the call expanded it.

/** The id of a related object, expanded or not; null when there is none. */
export const refOf = (value: string | { id: string } | null | undefined): string | null =>
  (typeof value === 'string' ? value : value?.id) ?? null;
