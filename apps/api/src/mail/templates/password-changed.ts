import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';
import type { AccountMailInput } from './types.ts';

/**
 * To the owner after their password was changed while signed in (POST /v1/auth/password/change). It never
 * carries the password; `url` is "forgot password", the way back for an owner who did not make the change.
 */
export function passwordChangedMail(input: AccountMailInput): MailMessage {
  const { language, brand, name } = input;
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'passwordChanged.greeting', { name }),
      mailText(language, 'passwordChanged.intro', { brand }),
      mailText(language, 'passwordChanged.sessions'),
    ],
    button: { label: mailText(language, 'passwordChanged.button'), url: input.url },
    after: [mailText(language, 'passwordChanged.notYou')],
  });
  return { to: input.to, subject: mailText(language, 'passwordChanged.subject', { brand }), ...body };
}
