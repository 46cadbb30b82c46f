import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

export function verificationMail(input: AccountMailInput & { validHours: number }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'verification.greeting', { name }),
      mailText(language, 'verification.intro', { brand }),
    ],
    button: { label: mailText(language, 'verification.button'), url: input.url },
    after: [
      mailText(language, 'verification.expiry', { hours: input.validHours }),
      mailText(language, 'verification.ignore'),
    ],
  });
  return {
    to: input.to,
    subject: mailText(language, 'verification.subject', { brand }),
    link: input.url,
    ...body,
  };
}
