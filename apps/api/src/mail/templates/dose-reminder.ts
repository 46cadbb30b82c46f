import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The reminder of a pet's doses (issue 49): to each person who opted in, in their language, at the time the
// owner set for the slot, while a dose of it is not ticked. Names the pet, the slot, its time on the
// recipient's clock and the medications still to give, with a button to the pet's page where they are ticked.

export interface DoseReminderMailInput {
  to: string;
  name: string;
  language: Language;
  brand: string;
  pet: string;
  /** The slot's name in the recipient's language is looked up here. */
  slot: 'mornings' | 'noons' | 'evenings';
  /** dd.MM.yyyy and HH:mm of the dose time on the recipient's clock. */
  date: string;
  time: string;
  /** The medications of the slot not ticked yet, by name. */
  medications: string[];
  url: string;
}

export function doseReminderMail(input: DoseReminderMailInput): MailMessage {
  const { language, brand } = input;
  const slot = mailText(language, `doseReminder.slot.${input.slot}`);
  const values = { brand, pet: input.pet, slot, date: input.date, time: input.time };
  const body = renderLayout({
    language,
    brand,
    before: [
      mailText(language, 'reminder.greeting', { name: input.name }),
      mailText(language, 'doseReminder.intro', values),
      ...input.medications.map((medication) => mailText(language, 'doseReminder.medication', { medication })),
      mailText(language, 'doseReminder.tick', values),
    ],
    button: { label: mailText(language, 'doseReminder.button', values), url: input.url },
    after: [mailText(language, 'reminder.whyOptedIn', values)],
  });
  return {
    to: input.to,
    // The pet's name is the user's text: no line break may reach a header.
    subject: mailText(language, 'doseReminder.subject', values).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
