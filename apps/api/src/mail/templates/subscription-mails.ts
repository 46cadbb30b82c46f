import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

// The mails of time-driven subscription work (ADR 0011 "Mails"): a renewal that failed (with the link to
// update the payment method) and a paid plan that ended (back on the default plan).

export function paymentFailedMail(
  input: AccountMailInput & {
    plan: string;
    attempt: number;
    /** dd.MM.yyyy of the app's next try; null when the provider retries on its own schedule, or none is left. */
    retryDate: string | null;
    /** The last try failed: the plan has ended (the "plan ended" mail follows). */
    lastTry: boolean;
  },
): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'paymentFailed.greeting', { name }),
      mailText(language, 'paymentFailed.intro', { plan: input.plan }),
      input.lastTry
        ? mailText(language, 'paymentFailed.lastTry')
        : input.retryDate
          ? mailText(language, 'paymentFailed.retry', { date: input.retryDate })
          : mailText(language, 'paymentFailed.retryLater'),
    ],
    button: { label: mailText(language, 'paymentFailed.button'), url: input.url },
    after: [mailText(language, 'paymentFailed.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'paymentFailed.subject', { brand }),
    link: input.url,
    ...body,
  };
}

export function planEndedMail(input: AccountMailInput & { plan: string; defaultPlan: string }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language: language as Language,
    brand,
    before: [
      mailText(language, 'planEnded.greeting', { name }),
      mailText(language, 'planEnded.intro', { plan: input.plan, defaultPlan: input.defaultPlan }),
      mailText(language, 'planEnded.data'),
    ],
    button: { label: mailText(language, 'planEnded.button'), url: input.url },
    after: [mailText(language, 'planEnded.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'planEnded.subject', { brand }),
    link: input.url,
    ...body,
  };
}
