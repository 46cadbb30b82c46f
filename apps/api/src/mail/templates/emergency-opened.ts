import type { EmergencyLanguage, Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// "Your pet's emergency file was opened" (issue 12): sent to the owner after a public download by their
// emergency password, at most once an hour, in the owner's language. It names the file's language and the
// coarse client of the log (never the finder's address), and leads to the page where the password can be
// replaced.

export interface EmergencyOpenedMailInput {
  to: string;
  name: string;
  language: Language;
  brand: string;
  /** The language the file was downloaded in. */
  fileLanguage: EmergencyLanguage;
  /** "Firefox on Android", or null. */
  client: string | null;
  /** The owner's /emergency-data page. */
  url: string;
}

export function emergencyOpenedMail(input: EmergencyOpenedMailInput): MailMessage {
  const { language, brand } = input;
  const before = [
    mailText(language, 'emergencyOpened.greeting', { name: input.name }),
    mailText(language, 'emergencyOpened.intro', {
      language: mailText(language, `emergencyOpened.language.${input.fileLanguage}`),
    }),
    ...(input.client ? [mailText(language, 'emergencyOpened.client', { client: input.client })] : []),
    mailText(language, 'emergencyOpened.expected'),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, 'emergencyOpened.button'), url: input.url },
    after: [mailText(language, 'emergencyOpened.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'emergencyOpened.subject', { brand }).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
