import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The cancellation confirmation (issue 14): sent after POST /v1/subscription/cancel commits, with the term's
// last day (spec 9: "the cancel-confirm date is the end date") and a button to the subscription page, where
// the termination can be revoked while the term runs.

export interface CancellationConfirmedMailInput {
  to: string;
  /** The account's name; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  brand: string;
  /** The paid plan's name. */
  plan: string;
  /** dd.MM.yyyy: the last day the paid plan covers. */
  lastDay: string;
  /** The /my-account/subscription page. */
  url: string;
}

export function cancellationConfirmedMail(input: CancellationConfirmedMailInput): MailMessage {
  const { language, brand } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'cancellationConfirmed.greeting', { name: input.name }),
      mailText(language, 'cancellationConfirmed.intro', { plan: input.plan, date: input.lastDay }),
      mailText(language, 'cancellationConfirmed.after'),
    ],
    button: { label: mailText(language, 'cancellationConfirmed.button'), url: input.url },
    after: [mailText(language, 'cancellationConfirmed.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'cancellationConfirmed.subject', { brand, date: input.lastDay }).replace(
      /[\r\n]+/g,
      ' ',
    ),
    link: input.url,
    ...body,
  };
}
