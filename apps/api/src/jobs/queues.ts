// Every queue the API uses. Queues are created with the schema (db/migrate.ts), so sending never races
// queue creation; a new queue is added here and exists after the next start.
export const QUEUES = {
  /** A trial membership ends: back to the default plan (modules/plans). */
  trialEnd: 'plans.trial-end',
  /** An appointment's reminder mail is due (modules/appointments/reminders.ts). */
  appointmentReminder: 'appointments.reminder',
  /**
   * Hourly: sign-in failure counts the throttle no longer reads go (modules/auth/sign-in-throttle.ts), and the
   * request limits' ended windows (plugins/rate-limit-store.ts).
   */
  signInFailuresCleanup: 'auth.sign-in-failures-cleanup',
  /** A vaccination's or deworming's reminder mail is due (modules/medical/reminders.ts). */
  medicalReminder: 'medical.reminder',
  /** Hourly: document files uploaded over a day ago and never attached go (modules/documents/orphan-files.ts). */
  unattachedFilesCleanup: 'documents.unattached-files-cleanup',
  /** A paid order's confirmation mail with its invoice (modules/billing sends it; the invoice module works it). */
  orderConfirmation: 'billing.order-confirmation',
  /** A gift membership ends: back to the default plan (modules/plans). */
  giftEnd: 'plans.gift-end',
  /**
   * A paid term ends (modules/billing/lifecycle): end a cancelled subscription, start a scheduled downgrade,
   * or renew (the sandbox charges the saved method; Stripe renews by itself and this job only checks).
   */
  termEnd: 'billing.term-end',
  /** A failed renewal is tried again (RENEWAL_RETRY_DAYS); after the last try the paid plan ends. */
  renewalRetry: 'billing.renewal-retry',
  /** A subscription mail owed by a committed change: cancelled, downgrade scheduled, payment failed, plan ended. */
  lifecycleMail: 'billing.lifecycle-mail',
  /** ERASURE_WARNING_DAYS_BEFORE the reactivation window closes: the mail listing the documents to go. */
  documentErasureWarning: 'documents.erasure-warning',
  /** The reactivation window closed: documents beyond the free plan's last ones are erased. */
  documentErasure: 'documents.erasure',
  /** A requested account deletion is due (issue 15): the account is erased unless a sign-out did it first. */
  accountDeletion: 'account.deletion',
  /** A large account's data export is prepared as a ZIP and its link mailed (issue 15). */
  accountExport: 'account.export',
  /** A prepared export's file is removed when its link expires (issue 15). */
  accountExportExpiry: 'account.export-expiry',
  /** The sandbox payment provider delivers one signed event to the webhook route (payments/sandbox). */
  sandboxDeliver: 'payments.sandbox-deliver',
} as const satisfies Record<string, string>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
