import { brandConfig } from '@pet/shared';
import type { Env } from '../../../config/env.ts';
import { afterCommit } from '../../../db/transaction.ts';
import type { BackgroundTasks } from '../../../lib/background.ts';
import { mailLanguage } from '../../../mail/i18n.ts';
import type { Mailer, MailMessage } from '../../../mail/mailer.ts';
import { magicLinkMail } from '../../../mail/templates/magic-link.ts';
import { passwordChangedMail } from '../../../mail/templates/password-changed.ts';
import { passwordResetMail } from '../../../mail/templates/password-reset.ts';
import { signInFailuresMail } from '../../../mail/templates/sign-in-failures.ts';
import { verificationMail } from '../../../mail/templates/verification.ts';
import { authLinks, verificationLanding, withQuery } from './links.ts';

// The mails better-auth asks us to send. Each link's landing page is set here, whatever the caller passed
// as callbackURL, so a link in our mail can only lead into the portal. Sending runs in the background,
// and only once the transaction that asked for it has committed (a rolled-back sign-up mails nobody).

export const VERIFICATION_VALID_HOURS = 24;
export const RESET_VALID_MINUTES = 60;
export const MAGIC_LINK_VALID_MINUTES = 10;

interface MailUser {
  email: string;
  name: string;
  language?: unknown;
}

export function authMails(env: Pick<Env, 'BRAND' | 'PUBLIC_URL'>, mailer: Mailer, tasks: BackgroundTasks) {
  const brand = brandConfig(env.BRAND).displayName;
  const links = authLinks(env.PUBLIC_URL);
  const send = (label: string, message: MailMessage) =>
    afterCommit(() => tasks.run(label, () => mailer.send(message)));

  return {
    verification(user: MailUser, url: string) {
      const link = withQuery(url, { callbackURL: verificationLanding(links, url) });
      const message = verificationMail({
        to: user.email,
        name: user.name,
        language: mailLanguage(user.language),
        brand,
        url: link,
        validHours: VERIFICATION_VALID_HOURS,
      });
      send('verification mail', message);
    },
    passwordReset(user: MailUser, url: string) {
      const link = withQuery(url, { callbackURL: links.resetPage(user.email) });
      const message = passwordResetMail({
        to: user.email,
        name: user.name,
        language: mailLanguage(user.language),
        brand,
        url: link,
        validMinutes: RESET_VALID_MINUTES,
      });
      send('password reset mail', message);
    },
    magicLink(user: MailUser, url: string) {
      const link = withQuery(url, {
        callbackURL: links.afterMagicLink,
        errorCallbackURL: links.magicLinkError,
      });
      const message = magicLinkMail({
        to: user.email,
        name: user.name,
        language: mailLanguage(user.language),
        brand,
        url: link,
        validMinutes: MAGIC_LINK_VALID_MINUTES,
      });
      send('magic link mail', message);
    },
    /** The password was changed while signed in (password-change.ts); the button leads to "forgot password". */
    passwordChanged(user: MailUser) {
      const message = passwordChangedMail({
        to: user.email,
        name: user.name,
        language: mailLanguage(user.language),
        brand,
        url: links.forgotPassword,
      });
      send('password changed mail', message);
    },
    /** Repeated wrong passwords (sign-in-throttle.ts); the button leads to "forgot password". */
    signInFailures(user: MailUser, failures: number) {
      const message = signInFailuresMail({
        to: user.email,
        name: user.name,
        language: mailLanguage(user.language),
        brand,
        url: links.forgotPassword,
        failures,
      });
      send('sign-in failures mail', message);
    },
  };
}

export type AuthMails = ReturnType<typeof authMails>;
