import type { Language } from '@pet/shared';
import { mailText } from '../i18n.ts';
import type { MailAttachment, MailMessage } from '../mailer.ts';
import { renderLayout } from './layout.ts';

// The order confirmation (issue 13): sent once a payment is confirmed, in the order's language, to the
// billing address's e-mail, with the invoice PDF attached and a button to the orders and invoices page.

export interface OrderConfirmationMailInput {
  to: string;
  /** The billing name; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  brand: string;
  orderNumber: string;
  invoiceNumber: string;
  /** dd.MM.yyyy */
  invoiceDate: string;
  /** "Premium, yearly plan" */
  plan: string;
  /** "29,99 €" */
  total: string;
  /** The invoice's service period line, if the order has one. */
  period: string | null;
  invoice: MailAttachment;
  /** The /my-account/bills page. */
  url: string;
  /** A renewal order (issue 14): the receipt says the plan was renewed. */
  renewal?: boolean;
  /** Paid in the sandbox on a production server (env TEST_PAYMENTS): the receipt says it is none. */
  testPayment?: boolean;
}

export function orderConfirmationMail(input: OrderConfirmationMailInput): MailMessage {
  const { language, brand } = input;
  const before = [
    ...(input.testPayment ? [mailText(language, 'orderConfirmation.testPayment')] : []),
    mailText(language, 'orderConfirmation.greeting', { name: input.name }),
    mailText(language, input.renewal ? 'orderConfirmation.introRenewal' : 'orderConfirmation.intro', {
      plan: input.plan,
    }),
    mailText(language, 'orderConfirmation.total', {
      total: input.total,
      number: input.invoiceNumber,
      date: input.invoiceDate,
    }),
    ...(input.period ? [input.period] : []),
    mailText(language, 'orderConfirmation.attached'),
  ];
  const body = renderLayout({
    language,
    brand,
    before,
    button: { label: mailText(language, 'orderConfirmation.button'), url: input.url },
    after: [mailText(language, 'orderConfirmation.why', { brand })],
  });
  return {
    to: input.to,
    subject: mailText(language, 'orderConfirmation.subject', {
      brand,
      order: input.orderNumber,
      number: input.invoiceNumber,
    }).replace(/[\r\n]+/g, ' '),
    link: input.url,
    attachments: [input.invoice],
    ...body,
  };
}
