import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// "<name> invites you to <pet>'s household" (issue 45): to the invited address, in the inviter's language
// (the invited person may have no account yet) and brand, with the link to accept. It says the role in
// words, until when, and that the link works once and for seven days.

export interface HouseholdInvitationMailInput {
  to: string;
  language: Language;
  brand: string;
  inviterName: string;
  petName: string;
  role: 'co-owner' | 'sitter';
  /** The day access ends (dd.MM.yyyy), or null. */
  until: string | null;
  /** /household/accept?token=... */
  url: string;
}

export function householdInvitationMail(input: HouseholdInvitationMailInput): MailMessage {
  const { language, brand } = input;
  const names = { name: input.inviterName, pet: input.petName, brand };
  const before = [
    mailText(language, 'householdInvitation.intro', names),
    mailText(language, `householdInvitation.role.${input.role}`, names),
    ...(input.until ? [mailText(language, 'householdInvitation.until', { date: input.until })] : []),
    mailText(language, 'householdInvitation.account', { brand }),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, 'householdInvitation.button'), url: input.url },
    after: [
      mailText(language, 'householdInvitation.expiry'),
      mailText(language, 'householdInvitation.ignore', names),
    ],
  });
  return {
    to: input.to,
    subject: mailText(language, 'householdInvitation.subject', names).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
