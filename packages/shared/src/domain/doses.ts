// The household's dose log (issue 49): a medication with a taking schedule makes a dose per day and slot;
// any member with access checks one off, once. Constants without zod (schemas/doses.ts has the wire shapes).

/** The slots of a day, in the day's order; index i is the spec's taking time i (Mornings 0, Noons 1, Evenings 2). */
export const DOSE_SLOTS = ['mornings', 'noons', 'evenings'] as const;

export type DoseSlot = (typeof DOSE_SLOTS)[number];

/** How long the person who checked a dose off may undo it. */
export const DOSE_UNDO_MINUTES = 10;

/** The days of the pet's dose log on one page (a week). */
export const DOSE_DAYS_PER_PAGE = 7;
