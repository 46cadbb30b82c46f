import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The appointment reminder (issue 4): one mail at the moment the owner chose, in their language, naming the
// pet, the type, date and time, the vet and the address, with a button to the pet's appointments. A mail
// that goes out late (the server was down at the time) says so in its subject and first lines. The members of
// the pet's household who opted in get it too (issue 49), on their clock, saying whose reminder it is.

export interface ReminderMailInput {
  to: string;
  name: string;
  language: Language;
  brand: string;
  pet: string;
  /** Examination | Vaccination | Operation | Deworming */
  type: 'Examination' | 'Vaccination' | 'Operation' | 'Deworming';
  /** dd.MM.yyyy and HH:mm in `zone`: the owner's as entered, a member's on their clock. */
  date: string;
  time: string;
  zone: string;
  vet: string | null;
  /** One line: street, zip and city, country. */
  address: string | null;
  reason: string;
  vaccination: string | null;
  url: string;
  /** Set when the mail goes out late: when it was due (dd.MM.yyyy, HH:mm in `zone`). */
  late: { dueDate: string; dueTime: string } | null;
  /** Set for a member of the pet's household (not its owner): the owner, who set the reminder. */
  household?: { owner: string };
}

export function appointmentReminderMail(input: ReminderMailInput): MailMessage {
  const { language, brand } = input;
  const type = mailText(language, `appointmentType.${input.type}`);
  const subjectValues = { brand, type, pet: input.pet, date: input.date, time: input.time };
  const before = [
    mailText(language, 'reminder.greeting', { name: input.name }),
    ...(input.late ? [mailText(language, 'reminder.late', input.late)] : []),
    input.household
      ? mailText(language, 'reminder.introMember', { pet: input.pet, owner: input.household.owner })
      : mailText(language, 'reminder.intro', { pet: input.pet }),
    mailText(language, 'reminder.type', { type }),
    mailText(language, 'reminder.when', { date: input.date, time: input.time, zone: input.zone }),
    ...(input.vaccination
      ? [mailText(language, 'reminder.vaccination', { vaccination: input.vaccination })]
      : []),
    ...(input.vet ? [mailText(language, 'reminder.vet', { vet: input.vet })] : []),
    ...(input.address ? [mailText(language, 'reminder.address', { address: input.address })] : []),
    mailText(language, 'reminder.reason', { reason: input.reason }),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, 'reminder.button'), url: input.url },
    after: [
      input.household
        ? mailText(language, 'reminder.whyOptedIn', { brand, pet: input.pet })
        : mailText(language, 'reminder.why', { brand }),
    ],
  });
  return {
    to: input.to,
    // A pet name is the user's text: no line break may reach a header.
    subject: mailText(
      language,
      input.late ? 'reminder.subjectLate' : 'reminder.subject',
      subjectValues,
    ).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
