import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

export function passwordResetMail(input: AccountMailInput & { validMinutes: number }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [mailText(language, 'reset.greeting', { name }), mailText(language, 'reset.intro', { brand })],
    button: { label: mailText(language, 'reset.button'), url: input.url },
    after: [
      mailText(language, 'reset.expiry', { minutes: input.validMinutes }),
      mailText(language, 'reset.ignore'),
    ],
  });
  return { to: input.to, subject: mailText(language, 'reset.subject', { brand }), link: input.url, ...body };
}
