// The plans domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/plans.ts.

/** The type of an activation code batch: what redeeming one of its codes makes the user. */
export const CODE_TYPES = ['standard', 'promo', 'gift', 'trial'] as const;

export type CodeType = (typeof CODE_TYPES)[number];

/** The internal_note value that marks a promotion product. */
export const PROMO_NOTE = 'Promo';
