// What "Download my data" does with every table of the database: where the user's rows appear in the export,
// or why they do not. export-coverage.test.ts reads the database's own catalogue, so a new table fails it
// until it is listed here (as account-deletion.test.ts fails when a new table keeps a deleted user's rows).

export type TableCoverage =
  /**
   * In data.json at `at`. `probe`: a column whose value, in each of the user's rows, data.json holds (checked
   * on a user with a record of every kind); none where the rows hold no such value of their own.
   */
  | { at: string; probe?: string }
  /** Not in the export, and why. */
  | { notExported: string };

const abuseCounter = 'an abuse counter, keyed by an address or an HMAC, kept for minutes';
const operatorCatalogue = "the operator's catalogue: no user's data";

/** Every table of the public schema, and pg-boss's schema as one. */
export const EXPORT_COVERAGE: Record<string, TableCoverage> = {
  users: { at: 'account', probe: 'email' },
  gps_trackers: { at: 'account.tracker_ids' },
  user_plans: { at: 'account.product and plan' },
  subscriptions: { at: "account: the paid term's end (stripe_subscription_end) and its plan" },
  pets: { at: 'pets', probe: 'id' },
  pet_weights: { at: 'pets[].weights' },
  contacts: { at: 'pets[].contacts', probe: 'id' },
  medical_records: { at: 'pets[].medical', probe: 'id' },
  documents: { at: 'pets[].documents', probe: 'id' },
  share_links: { at: 'pets[].share_links (without their secret address)', probe: 'id' },
  appointments: { at: 'appointments', probe: 'id' },
  stored_files: { at: 'files, and each file itself', probe: 'name' },
  orders: { at: 'orders', probe: 'id' },
  coupon_redemptions: { at: 'orders[].coupon_code: the order each coupon was redeemed with' },
  emergency_downloads: { at: 'emergency.downloads' },
  household_members: {
    at: "household_memberships (the user's), pets[].household.members (an own pet's, by id)",
  },
  household_invitations: { at: 'pets[].household.invitations (without the address invited)' },
  dose_checks: { at: 'pets[].doses (each giver as you, a member or a former member)', probe: 'id' },
  dose_reminder_times: { at: 'pets[].dose_reminder_times' },
  reminder_opt_ins: { at: 'reminder_opt_ins (every pet the user asked reminders of, own or shared)' },
  reminder_deliveries: {
    notExported:
      'a mark that a reminder mail went out, kept a week so that none goes twice; the mails are the user’s',
  },
  household_history: { at: 'pets[].household.history (each actor as you, a member or a former member)' },
  emergency_codes: {
    notExported:
      'the emergency password opens the file for anyone who has it: the export names its source (emergency.password_source), the emergency page shows it',
  },
  activation_codes: { notExported: 'a code is a secret of the operator’s; the plan it gave is in plan' },
  calendar_feeds: { notExported: "only a hash of the feed's secret address" },
  billing_customers: { notExported: "the payment provider's customer id; what was bought is in orders" },
  payment_events: { notExported: "the payment provider's notifications; what they changed is in orders" },
  sandbox_payment_intents: { notExported: "the test payment provider's state, in test mode only" },
  sessions: { notExported: 'sign-in sessions: their tokens' },
  accounts: { notExported: "the sign-in service's credentials: the password hash" },
  verifications: { notExported: 'one-time tokens of e-mails on their way' },
  sign_in_failures: { notExported: abuseCounter },
  rate_limits: { notExported: abuseCounter },
  rate_limit_hits: { notExported: abuseCounter },
  pet_list_versions: { notExported: "a version number of the user's pet list, for its kept answer" },
  products: { notExported: operatorCatalogue },
  coupons: { notExported: operatorCatalogue },
  activation_code_batches: { notExported: operatorCatalogue },
  invoice_counters: { notExported: 'the invoice numbers issued per year' },
  'pgboss.*': {
    notExported: 'the job queue: reminders and mails on their way, about records that are exported',
  },
};
