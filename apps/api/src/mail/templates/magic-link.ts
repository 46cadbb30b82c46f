import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

export function magicLinkMail(input: AccountMailInput & { validMinutes: number }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'magicLink.greeting', { name }),
      mailText(language, 'magicLink.intro', { brand }),
    ],
    button: { label: mailText(language, 'magicLink.button'), url: input.url },
    after: [
      mailText(language, 'magicLink.expiry', { minutes: input.validMinutes }),
      mailText(language, 'magicLink.ignore'),
    ],
  });
  return {
    to: input.to,
    subject: mailText(language, 'magicLink.subject', { brand }),
    link: input.url,
    ...body,
  };
}
