import { addDaysIso, todayIn } from './dates.ts';

// The subscription domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/subscription.ts.

/**
 * GET /v1/subscription/cancelat: `cancel` while the paid subscription ends at its term's end (revocable);
 * `active` while it renews; `none` without a paid subscription (free, promo, gift or trial by code).
 */
export const CANCEL_STATUSES = ['active', 'cancel', 'none'] as const;

export type CancelStatus = (typeof CANCEL_STATUSES)[number];

/** After its paid term ends, a user who upgrades within this many days gets everything back (spec 9). */
export const REACTIVATION_WINDOW_DAYS = 28;

/** The mail that lists the documents to be erased goes this many days before the window closes. */
export const ERASURE_WARNING_DAYS_BEFORE = 7;

/** Renewal tries after a failed one, in days after the term's end: three tries over seven days. */
export const RENEWAL_RETRY_DAYS = [0, 3, 7] as const;

/** Terms are Berlin's calendar days (invoices, cancellations, the next plan's start). */
const TERM_ZONE = 'Europe/Berlin';

/**
 * The last day a term covers (yyyy-MM-dd, Europe/Berlin), from its end instant in unix seconds: the day
 * before the next term's first day (spec 9: "the cancel-confirm date is the end date", "the next plan start
 * is the end date plus one day"); the invoice period's end too.
 */
export function termLastDay(endUnixSeconds: number): string {
  return addDaysIso(nextTermStartDay(endUnixSeconds), -1);
}

/** The day the next plan starts: the term's last day plus one (spec 9), i.e. the end instant's day. */
export function nextTermStartDay(endUnixSeconds: number): string {
  return todayIn(TERM_ZONE, new Date(endUnixSeconds * 1000));
}
