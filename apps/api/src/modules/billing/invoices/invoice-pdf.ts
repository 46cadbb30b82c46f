import type { BrandConfig } from '@pet/shared';
import { drawBrandLogo } from '../../../pdf/brand-logo.ts';
import { brandColours, createPdf, FONT, finishPdf, INK, type Pdf } from '../../../pdf/pdf-document.ts';
import { invoiceContent, type PaidOrder } from './invoice-lines.ts';
import type { Seller } from './invoice-seller.ts';

// The invoice of a paid order (A4, in the order's language): the brand's logo and the seller at the top, the
// buyer's billing address and the invoice's numbers and dates, the plan and its service period, the amount
// lines (plan, GPS tracker, discount with its coupon, proration credit) with the total, the VAT the total
// includes, how it was paid, and the seller's legal details in the footer. One page: an order has at most
// four lines.

const PAGE = { width: 595.28, height: 841.89 };
const MARGINS = { top: 48, bottom: 48, left: 56, right: 56 };
const CONTENT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;
const RIGHT = MARGINS.left + CONTENT_WIDTH;
const SIZE = { title: 20, text: 10, small: 8.5, footer: 7.5 } as const;
const AMOUNT_WIDTH = 110;
/** The test payment's warning: a red that reads as one on white (contrast 5.9:1). */
const TEST_PAYMENT_RED = '#b3261e';

export interface InvoicePdfOptions {
  brand: BrandConfig;
  seller: Seller;
  /** Paid in the sandbox on a production server: a line in red under the title says it is no invoice. */
  testPayment?: boolean;
}

function rule(doc: Pdf, y: number, colour: string = INK.rule, width = 0.6): void {
  doc.moveTo(MARGINS.left, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(colour).stroke();
}

function countryName(language: string, code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The seller's block at the top right: company in bold, then address and contact, right-aligned. */
function drawSeller(doc: Pdf, seller: Seller, y: number): void {
  const width = 220;
  const x = RIGHT - width;
  doc.font(FONT.bold).fontSize(SIZE.text).fillColor(INK.text);
  doc.text(seller.company, x, y, { width, align: 'right' });
  doc.font(FONT.regular).fontSize(SIZE.small).fillColor(INK.muted);
  for (const line of [...seller.address, seller.email, seller.website]) {
    doc.text(line, x, doc.y + 1, { width, align: 'right' });
  }
}

/** A label and its value in the meta block, the value right-aligned at the page's right edge. */
function metaRow(doc: Pdf, label: string, value: string, y: number): void {
  const x = RIGHT - 230;
  doc.font(FONT.regular).fontSize(SIZE.small).fillColor(INK.muted).text(label, x, y, { width: 110 });
  doc
    .font(FONT.bold)
    .fontSize(SIZE.text)
    .fillColor(INK.text)
    .text(value, x + 110, y - 1, {
      width: 120,
      align: 'right',
    });
}

/** One amount line: its label on the left, the amount right-aligned. */
function amountRow(doc: Pdf, label: string, amount: string, y: number, bold = false): number {
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(SIZE.text)
    .fillColor(INK.text);
  const labelWidth = CONTENT_WIDTH - AMOUNT_WIDTH - 12;
  doc.text(label, MARGINS.left, y, { width: labelWidth });
  const bottom = doc.y;
  doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
  return Math.max(bottom, doc.y);
}

export async function renderInvoicePdf(order: PaidOrder, options: InvoicePdfOptions): Promise<Buffer> {
  const { brand, seller } = options;
  const c = invoiceContent(order);
  const { t } = c;
  const colours = brandColours(brand);
  const doc = createPdf({
    title: `${t('title')} ${c.number}`,
    language: c.language,
    brand,
    generatedAt: order.paidAt!,
    margins: MARGINS,
  });
  doc.info.Author = seller.company;

  // Header: logo left, seller right.
  drawBrandLogo(doc, brand, MARGINS.left, MARGINS.top, 34);
  drawSeller(doc, seller, MARGINS.top);

  // The buyer's address (with the seller's one-line return address above it, as in a window envelope).
  const addressTop = 170;
  const buyer = order.billingAddress;
  doc.font(FONT.regular).fontSize(6.8).fillColor(INK.muted);
  doc.text([seller.company, ...seller.address].join(' · '), MARGINS.left, addressTop - 16, {
    width: 250,
    lineBreak: false,
  });
  doc.font(FONT.regular).fontSize(SIZE.text).fillColor(INK.text);
  const buyerLines = [
    buyer.name,
    buyer.street,
    [buyer.zipcode, buyer.city].filter((part) => part.trim() !== '').join(' '),
    buyer.country ? countryName(c.language, buyer.country) : '',
  ].filter((part) => part.trim() !== '');
  doc.font(FONT.bold).text(buyerLines[0] ?? '', MARGINS.left, addressTop, { width: 250 });
  doc.font(FONT.regular);
  for (const line of buyerLines.slice(1)) doc.text(line, MARGINS.left, doc.y + 1, { width: 250 });
  if (buyer.email) {
    doc
      .fontSize(SIZE.small)
      .fillColor(INK.muted)
      .text(buyer.email, MARGINS.left, doc.y + 4, { width: 250 });
  }
  const addressBottom = doc.y;

  // The invoice's numbers and dates, beside the address.
  metaRow(doc, t('number'), c.number, addressTop);
  metaRow(doc, t('date'), c.date, addressTop + 18);
  metaRow(doc, t('order'), c.orderNumber, addressTop + 36);

  // Title, plan and period.
  let y = Math.max(addressBottom, addressTop + 54) + 40;
  doc.font(FONT.bold).fontSize(SIZE.title).fillColor(colours.text).text(t('title'), MARGINS.left, y);
  if (options.testPayment) {
    doc.font(FONT.bold).fontSize(SIZE.text).fillColor(TEST_PAYMENT_RED);
    doc.text(t('testPayment'), MARGINS.left, doc.y + 4, { width: CONTENT_WIDTH });
  }
  y = doc.y + 4;
  doc.font(FONT.regular).fontSize(SIZE.text).fillColor(INK.text).text(c.plan, MARGINS.left, y);
  if (c.period) doc.fillColor(INK.muted).text(c.period, MARGINS.left, doc.y + 2);
  y = doc.y + 20;

  // The amount lines.
  doc.rect(MARGINS.left, y, CONTENT_WIDTH, 20).fill(INK.box);
  doc.font(FONT.bold).fontSize(SIZE.small).fillColor(INK.muted);
  doc.text(t('column.description'), MARGINS.left + 8, y + 6, { lineBreak: false });
  doc.text(t('column.amount'), RIGHT - AMOUNT_WIDTH - 8, y + 6, { width: AMOUNT_WIDTH, align: 'right' });
  y += 28;
  c.lines.forEach((line, i) => {
    y = amountRow(doc, line.label, line.amount, y) + 8;
    // Thin rules between the lines; the last one is followed by the total's strong rule instead.
    if (i < c.lines.length - 1) rule(doc, y - 4);
  });
  rule(doc, y - 2, INK.text, 1);
  y = amountRow(doc, t('line.total'), c.total, y + 4, true) + 6;
  doc.font(FONT.regular).fontSize(SIZE.small).fillColor(INK.muted);
  for (const [label, amount] of [
    [c.vat.label, c.vat.amount],
    [t('vat.net'), c.net],
  ] as const) {
    doc.text(label, MARGINS.left, y, { width: CONTENT_WIDTH - AMOUNT_WIDTH - 12 });
    doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    y = doc.y + 2;
  }

  // Payment: method and the paid mark.
  y += 24;
  doc.font(FONT.regular).fontSize(SIZE.text).fillColor(INK.text);
  doc.text(`${t('payment.method')}: ${c.paymentMethod}`, MARGINS.left, y, { width: CONTENT_WIDTH - 120 });
  doc.text(c.paidOn, MARGINS.left, doc.y + 4, { width: CONTENT_WIDTH - 120 });
  const stamp = t('paid').toUpperCase();
  doc.font(FONT.bold).fontSize(13);
  const stampWidth = doc.widthOfString(stamp) + 24;
  doc
    .roundedRect(RIGHT - stampWidth, y - 4, stampWidth, 26, 4)
    .lineWidth(1.5)
    .strokeColor(colours.mark)
    .stroke();
  doc.fillColor(colours.mark).text(stamp, RIGHT - stampWidth, y + 2, { width: stampWidth, align: 'center' });

  // Footer: the seller's legal details.
  const footerTop = PAGE.height - MARGINS.bottom - 30;
  doc.page.margins = { ...doc.page.margins, bottom: 0 };
  rule(doc, footerTop - 8);
  doc.font(FONT.regular).fontSize(SIZE.footer).fillColor(INK.muted);
  const footer = [
    [seller.company, ...seller.address].join(' · '),
    [seller.register, t('seller.director', { name: seller.managing_director })].join(' · '),
    [t('seller.vatId', { vatId: seller.vat_id }), seller.email, seller.website].join(' · '),
  ];
  doc.text(footer.join('\n'), MARGINS.left, footerTop, { width: CONTENT_WIDTH, align: 'center', lineGap: 1 });
  doc.page.margins = MARGINS;
  return finishPdf(doc);
}
