import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The downgrade confirmation (issue 14): sent after POST /v1/subscription/downgrade commits, with the target
// plan and the day it starts (the current term's last day plus one, spec 9) and a button to the subscription
// page, where the downgrade can be withdrawn until then.

export interface DowngradeScheduledMailInput {
  to: string;
  /** The account's name; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  brand: string;
  /** The target plan's name. */
  plan: string;
  /** dd.MM.yyyy: the first day of the target plan. */
  startDay: string;
  /** The /my-account/subscription page. */
  url: string;
}

export function downgradeScheduledMail(input: DowngradeScheduledMailInput): MailMessage {
  const { language, brand } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'downgradeScheduled.greeting', { name: input.name }),
      mailText(language, 'downgradeScheduled.intro', { plan: input.plan, date: input.startDay }),
      mailText(language, 'downgradeScheduled.until'),
    ],
    button: { label: mailText(language, 'downgradeScheduled.button'), url: input.url },
    after: [mailText(language, 'downgradeScheduled.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'downgradeScheduled.subject', { brand, plan: input.plan }).replace(
      /[\r\n]+/g,
      ' ',
    ),
    link: input.url,
    ...body,
  };
}
