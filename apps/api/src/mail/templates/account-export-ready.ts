import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

// "Your data is ready" (issue 15): a large account's export was prepared by a job; the link downloads it
// while the owner is signed in, for EXPORT_LINK_HOURS.

export function accountExportReadyMail(input: AccountMailInput & { validHours: number }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'accountExport.greeting', { name }),
      mailText(language, 'accountExport.intro'),
    ],
    button: { label: mailText(language, 'accountExport.button'), url: input.url },
    after: [
      mailText(language, 'accountExport.signIn', { brand }),
      mailText(language, 'accountExport.expiry', { hours: input.validHours }),
      mailText(language, 'accountExport.why', { brand }),
    ],
  });
  return {
    to: input.to,
    subject: mailText(language, 'accountExport.subject', { brand }),
    // No `link`: the outbox mode logs a mail's link, and this one carries a download token (the .eml has it).
    ...body,
  };
}
