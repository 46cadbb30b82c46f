import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// "<owner>'s household around <pet> has ended" (issue 45): to each member of a pet whose owner deleted
// their account, in the member's language. Their access ended with the pet; nothing of the pet is left.

export interface HouseholdEndedMailInput {
  to: string;
  /** The member's name; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  brand: string;
  ownerName: string;
  petName: string;
  /** The portal's start page. */
  url: string;
}

export function householdEndedMail(input: HouseholdEndedMailInput): MailMessage {
  const { language, brand } = input;
  const names = { name: input.name, owner: input.ownerName, pet: input.petName, brand };
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'householdEnded.greeting', names),
      mailText(language, 'householdEnded.intro', names),
      mailText(language, 'householdEnded.access', names),
    ],
    button: { label: mailText(language, 'householdEnded.button', names), url: input.url },
    after: [mailText(language, 'householdEnded.why', names)],
  });
  return {
    to: input.to,
    subject: mailText(language, 'householdEnded.subject', names).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
