import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

/** To the owner of an account after repeated wrong passwords (sign-in-throttle.ts); `url`: forgot password. */
export function signInFailuresMail(input: AccountMailInput & { failures: number }): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'failures.greeting', { name }),
      mailText(language, 'failures.intro', { brand, failures: input.failures }),
      mailText(language, 'failures.slowed'),
    ],
    button: { label: mailText(language, 'failures.button'), url: input.url },
    after: [mailText(language, 'failures.ignore')],
  });
  return { to: input.to, subject: mailText(language, 'failures.subject', { brand }), ...body };
}
