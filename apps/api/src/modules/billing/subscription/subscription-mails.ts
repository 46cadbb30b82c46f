import { isoToDisplayDate, termLastDay } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import type { Job } from 'pg-boss';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { defineJob } from '../../../jobs/define-job.ts';
import { mailLanguage } from '../../../mail/i18n.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import { cancellationConfirmedMail } from '../../../mail/templates/cancellation-confirmed.ts';
import { downgradeScheduledMail } from '../../../mail/templates/downgrade-scheduled.ts';
import { paymentFailedMail, planEndedMail } from '../../../mail/templates/subscription-mails.ts';
import type { AccountMailInput } from '../../../mail/templates/types.ts';
import type { JobSender } from '../../plans/membership.service.ts';
import { accountOf } from './subscription.repo.ts';
import type { SubscriptionTermDeps } from './subscription-term-deps.ts';

// The subscription's mails (ADR 0011 "Mails"): cancellation confirmed, downgrade scheduled, payment failed,
// plan ended. Each is a billing.lifecycle-mail job sent in the transaction that made the change, so a mail is
// owed exactly when the change committed, and an SMTP server that refuses it is tried again by pg-boss
// (its retries and backoff) instead of the mail being lost. The job carries what the mail says, never the
// address: the account's address, name and language are read when it is sent.

const subscriptionMailPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cancellation-confirmed'),
    userId: z.string(),
    plan: z.string(),
    endsAtUnix: z.number(),
  }),
  z.object({
    kind: z.literal('downgrade-scheduled'),
    userId: z.string(),
    plan: z.string(),
    startsOn: z.string(),
  }),
  z.object({
    kind: z.literal('payment-failed'),
    userId: z.string(),
    plan: z.string(),
    attempt: z.number(),
    /** The app's next try (YYYY-MM-DD, Berlin); null when the provider retries by itself, or after the last. */
    retryOn: z.string().nullable(),
    /** The last try failed and the paid plan ended. */
    lastTry: z.boolean(),
  }),
  z.object({ kind: z.literal('plan-ended'), userId: z.string(), plan: z.string(), defaultPlan: z.string() }),
]);
export type SubscriptionMailJob = z.infer<typeof subscriptionMailPayload>;

export async function queueSubscriptionMail(
  tx: Tx,
  jobs: JobSender,
  mail: SubscriptionMailJob,
): Promise<void> {
  await jobs.send(subscriptionMailJob, mail, { tx });
}

/** The mail of `mail` for the account; `link` makes the address of a page of the portal. */
function subscriptionMail(
  mail: SubscriptionMailJob,
  account: Omit<AccountMailInput, 'url'>,
  link: (path: string) => string,
): MailMessage {
  const url = link(paths.subscription);
  switch (mail.kind) {
    case 'cancellation-confirmed':
      return cancellationConfirmedMail({
        ...account,
        url,
        plan: mail.plan,
        lastDay: isoToDisplayDate(termLastDay(mail.endsAtUnix)),
      });
    case 'downgrade-scheduled':
      return downgradeScheduledMail({
        ...account,
        url,
        plan: mail.plan,
        startDay: isoToDisplayDate(mail.startsOn),
      });
    case 'payment-failed':
      return paymentFailedMail({
        ...account,
        url: link(paths.updatePayment),
        plan: mail.plan,
        attempt: mail.attempt,
        retryDate: mail.retryOn ? isoToDisplayDate(mail.retryOn) : null,
        lastTry: mail.lastTry,
      });
    case 'plan-ended':
      return planEndedMail({ ...account, url, plan: mail.plan, defaultPlan: mail.defaultPlan });
  }
}

/** The worker: renders the mail in the account's language and sends it; a refused send throws (retried). */
export function subscriptionMailHandler(
  deps: Pick<SubscriptionTermDeps, 'db' | 'brand' | 'mailer' | 'publicUrl'>,
) {
  return async (job: Pick<Job<SubscriptionMailJob>, 'data'>): Promise<void> => {
    const account = await accountOf(deps.db, job.data.userId);
    // The account is gone (deleted since): nobody to tell.
    if (!account) return;
    await deps.mailer.send(
      subscriptionMail(
        job.data,
        {
          to: account.email,
          name: account.name,
          language: mailLanguage(account.language),
          brand: deps.brand.displayName,
        },
        (path) => `${deps.publicUrl}${path}`,
      ),
    );
  };
}

/** A subscription mail owed by a committed change: cancelled, downgrade scheduled, payment failed, plan ended. */
export const subscriptionMailJob = defineJob({
  // The queue keeps its first name: the database's queue and its waiting jobs are known by it.
  name: 'billing.lifecycle-mail',
  payload: subscriptionMailPayload,
  handler: (ctx) => subscriptionMailHandler(ctx),
});
