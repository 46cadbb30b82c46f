import type { BrandConfig, Language } from '@pet/shared';
import { brandColours, FONT, INK, type Pdf } from '../../pdf/pdf-document.ts';
import { type EntryContext, type EntryText, joined } from './emergency-entries.ts';

// The emergency file's page geometry and the blocks every section is built of (rows, headings, list entries),
// each keeping itself on one page.

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGINS = { top: 62, bottom: 58, left: 48, right: 48 };
export const CONTENT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;
const LABEL_WIDTH = 116;

export const SIZE = { title: 22, petName: 18, heading: 11.5, text: 10, detail: 8.8, small: 8 } as const;

/** What the renderer needs besides the data: texts, number and date formats in the file's language. */
export interface Context extends EntryContext {
  doc: Pdf;
  language: Language;
  brand: BrandConfig;
  /** yyyy-MM-dd of the creation day in the file's zone (ages). */
  today: string;
  number: Intl.NumberFormat;
}

const bottomOfPage = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** A line across the text area at `y`. */
export function rule(doc: Pdf, y: number, width: number, colour: string): void {
  doc
    .moveTo(MARGINS.left, y)
    .lineTo(MARGINS.left + CONTENT_WIDTH, y)
    .lineWidth(width)
    .strokeColor(colour)
    .stroke();
}

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomOfPage(doc)) doc.addPage();
}

function measure(doc: Pdf, font: string, size: number, text: string, width: number): number {
  return doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 1 });
}

/** A label and its value side by side, from `x` over `width`. */
export function row(ctx: Context, label: string, value: string, x: number, width: number): void {
  const { doc } = ctx;
  const valueWidth = width - LABEL_WIDTH;
  const height = Math.max(
    measure(doc, FONT.regular, SIZE.detail, label, LABEL_WIDTH - 8),
    measure(doc, FONT.regular, SIZE.text, value, valueWidth),
  );
  ensureSpace(doc, height);
  const y = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(SIZE.detail)
    .fillColor(INK.muted)
    .text(label, x, y + 1, { width: LABEL_WIDTH - 8, lineGap: 1 });
  doc
    .font(FONT.regular)
    .fontSize(SIZE.text)
    .fillColor(INK.text)
    .text(value, x + LABEL_WIDTH, y, { width: valueWidth, lineGap: 1 });
  doc.y = y + height + 3;
}

/** A section's heading, kept on one page with the first lines below it. */
export function heading(ctx: Context, text: string): void {
  const { doc } = ctx;
  ensureSpace(doc, 48);
  // Space above a heading, but not at the top of a page.
  if (doc.y > doc.page.margins.top) doc.y += 8;
  const colours = brandColours(ctx.brand);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.heading)
    .fillColor(colours.text)
    .text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 1;
  rule(doc, y, 0.6, INK.rule);
  doc.y = y + 5;
}

/** One entry of a list: its name in bold, then its details in one smaller line. */
function entry(ctx: Context, title: string, details: string[]): void {
  const { doc } = ctx;
  const detail = joined(details, ' · ');
  const titleHeight = measure(doc, FONT.bold, SIZE.text, title, CONTENT_WIDTH);
  const detailHeight = detail ? measure(doc, FONT.regular, SIZE.detail, detail, CONTENT_WIDTH) : 0;
  ensureSpace(doc, titleHeight + detailHeight + 4);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.text)
    .fillColor(INK.text)
    .text(title, MARGINS.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  if (detail) {
    doc
      .font(FONT.regular)
      .fontSize(SIZE.detail)
      .fillColor(INK.muted)
      .text(detail, MARGINS.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  }
  doc.y += 5;
}

export function emptyNote(ctx: Context, text: string): void {
  const { doc } = ctx;
  ensureSpace(doc, 16);
  doc
    .font(FONT.regular)
    .fontSize(SIZE.detail)
    .fillColor(INK.muted)
    .text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

export function list<T>(
  ctx: Context,
  section: 'contacts' | 'allergies' | 'diseases' | 'medications' | 'interventions' | 'vaccinations',
  items: T[],
  toEntry: (item: T) => EntryText,
): void {
  heading(ctx, ctx.t(`${section}.title`));
  if (items.length === 0) {
    emptyNote(ctx, ctx.t(`${section}.none`));
    return;
  }
  for (const item of items) {
    const { title, details } = toEntry(item);
    entry(ctx, title, details);
  }
}
