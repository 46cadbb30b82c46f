// The account domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/account.ts.

/** A requested deletion happens at the next sign-out, or after this many hours (spec 2 section 9). */
export const ACCOUNT_DELETION_HOURS = 24;

/**
 * GET /v1/account/export: the ZIP at once (200, streamed) while the account's files stay under this many
 * bytes; a larger account answers 202 with `exportPreparingSchema`, a job prepares the ZIP and a mail brings
 * a link (GET /v1/account/export/download?token=) valid EXPORT_LINK_HOURS.
 */
export const EXPORT_INLINE_MAX_BYTES = 50 * 1024 * 1024;

export const EXPORT_LINK_HOURS = 24;

/** The legal pages (issue 15): Markdown per brand and language, which an operator replaces without a rebuild. */
export const LEGAL_DOCUMENTS = ['imprint', 'terms', 'privacy'] as const;

export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
