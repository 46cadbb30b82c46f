import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The account deletion's confirmation (issue 15): sent to the address the account had, once it is erased.
// The button leads to the portal's start page, where a new account can be made.

export interface AccountDeletedMailInput {
  to: string;
  /** The account's name; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  brand: string;
  /** The portal's start page. */
  url: string;
}

export function accountDeletedMail(input: AccountDeletedMailInput): MailMessage {
  const { language, brand } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'accountDeleted.greeting', { name: input.name }),
      mailText(language, 'accountDeleted.intro', { brand }),
      mailText(language, 'accountDeleted.invoices'),
    ],
    button: { label: mailText(language, 'accountDeleted.button'), url: input.url },
    after: [mailText(language, 'accountDeleted.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'accountDeleted.subject', { brand }).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
