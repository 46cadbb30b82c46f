import type { DocumentType, Language } from '@pet/shared';
import { type MailTextKey, mailText } from '../i18n.ts';
import type { MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The document erasure warning (issue 14, ADR 0011): ERASURE_WARNING_DAYS_BEFORE days before the reactivation
// window closes, the documents beyond the default plan's limit that will be erased, the erasure date, and a
// link to each affected pet's documents page, whose "Download all" gives the pet's ZIP (the ZIP address itself
// needs a signed-in request, so a mail cannot link to it). The button leads to the plans.

export interface ErasureWarningDocument {
  pet: string;
  type: DocumentType;
  /** The owner's text; escaped by the layout. */
  description: string;
  /** dd.MM.yyyy */
  uploadedOn: string;
}

export interface DocumentErasureWarningMailInput {
  to: string;
  name: string;
  language: Language;
  brand: string;
  /** dd.MM.yyyy the paid plan ended. */
  endedOn: string;
  /** dd.MM.yyyy the documents are erased. */
  erasureOn: string;
  /** How many documents the current plan keeps usable. */
  keep: number;
  documents: ErasureWarningDocument[];
  /** Each affected pet's documents page. */
  pets: Array<{ name: string; url: string }>;
  /** The plans page. */
  url: string;
}

export function documentErasureWarningMail(input: DocumentErasureWarningMailInput): MailMessage {
  const { language, brand } = input;
  const count = input.documents.length;
  const before = [
    mailText(language, 'documentErasureWarning.greeting', { name: input.name }),
    mailText(language, 'documentErasureWarning.intro', { ended: input.endedOn, keep: input.keep, count }),
    mailText(language, 'documentErasureWarning.date', { date: input.erasureOn }),
    ...input.documents.map((document) =>
      mailText(language, 'documentErasureWarning.item', {
        pet: document.pet,
        type: mailText(language, `documentType.${document.type}` as MailTextKey),
        description: document.description,
        date: document.uploadedOn,
      }),
    ),
    mailText(language, 'documentErasureWarning.download'),
    ...input.pets.map((pet) =>
      mailText(language, 'documentErasureWarning.petLink', { pet: pet.name, url: pet.url }),
    ),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, 'documentErasureWarning.button'), url: input.url },
    after: [mailText(language, 'documentErasureWarning.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'documentErasureWarning.subject', {
      brand,
      count,
      date: input.erasureOn,
    }).replace(/[\r\n]+/g, ' '),
    link: input.url,
    ...body,
  };
}
