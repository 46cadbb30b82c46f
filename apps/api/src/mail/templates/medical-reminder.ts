import type { DueType, Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The reminder of a vaccination or deworming (issue 10): one mail some days before the next due date, in the
// owner's language, naming the pet, the vaccine or product and the due date, with a button to the pet's
// list of that category. A mail that goes out late (the server was down at the time) says so. The members of
// the pet's household who opted in get it too (issue 49), saying whose reminder it is.

export interface MedicalReminderMailInput {
  to: string;
  name: string;
  language: Language;
  brand: string;
  pet: string;
  type: DueType;
  /** The vaccine or product. */
  product: string;
  /** dd.MM.yyyy */
  dueDate: string;
  /** dd.MM.yyyy of the last one given, if recorded. */
  givenDate: string | null;
  vet: string | null;
  url: string;
  /** Set when the mail goes out late: when it was due (dd.MM.yyyy, HH:mm on the recipient's clock). */
  late: { dueDate: string; dueTime: string } | null;
  /** Set for a member of the pet's household (not its owner): the owner, who set the reminder. */
  household?: { owner: string };
}

export function medicalReminderMail(input: MedicalReminderMailInput): MailMessage {
  const { language, brand } = input;
  const type = mailText(language, `medicalType.${input.type}`);
  const values = { brand, type, pet: input.pet, product: input.product, date: input.dueDate };
  const before = [
    mailText(language, 'reminder.greeting', { name: input.name }),
    ...(input.late ? [mailText(language, 'reminder.late', input.late)] : []),
    input.household
      ? mailText(language, 'medicalReminder.introMember', { ...values, owner: input.household.owner })
      : mailText(language, 'medicalReminder.intro', values),
    mailText(language, `medicalReminder.product.${input.type}`, values),
    mailText(language, 'medicalReminder.due', values),
    ...(input.givenDate ? [mailText(language, 'medicalReminder.given', { date: input.givenDate })] : []),
    ...(input.vet ? [mailText(language, 'reminder.vet', { vet: input.vet })] : []),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, `medicalReminder.button.${input.type}`), url: input.url },
    after: [
      input.household
        ? mailText(language, 'reminder.whyOptedIn', values)
        : mailText(language, 'medicalReminder.why', { brand }),
    ],
  });
  return {
    to: input.to,
    // The pet's and the product's names are the user's text: no line break may reach a header.
    subject: mailText(
      language,
      input.late ? 'medicalReminder.subjectLate' : 'medicalReminder.subject',
      values,
    ).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
