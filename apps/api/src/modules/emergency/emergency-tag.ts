import type { BrandConfig, Language } from '@pet/shared';
import { drawBrandLogo } from '../../pdf/brand-logo.ts';
import { brandColours, createPdf, FONT, finishPdf, INK, type Pdf } from '../../pdf/pdf-document.ts';
import { EMERGENCY_LOCALES, emergencyTexts } from './emergency-texts.ts';
import { notfallUrl } from './notfall-url.ts';
import { drawQrCode } from './pdf-qr.ts';

// The printable tag: on one A4 page, a collar tag per pet (35 × 55 mm) and two wallet cards (bank-card
// size, 85.6 × 54 mm), each with cut marks. Every piece carries the brand, the pet's name, "If found, scan"
// in English and German (a finder's language is unknown) and a QR code to /notfall with the owner's
// emergency password, so the finder's form is already filled in; the card also prints the password and the
// address for typing them by hand. The page's own texts follow `language`.

export interface EmergencyTagOptions {
  petNames: string[];
  /** The owner's emergency password (activation code or personal code). */
  password: string;
  brand: BrandConfig;
  publicUrl: string;
  language: Language;
  generatedAt: Date;
}

const MM = 72 / 25.4;
const MARGINS = { top: 48, bottom: 48, left: 40, right: 40 };
const CONTENT_WIDTH = 595.28 - MARGINS.left - MARGINS.right;
const COLLAR = { width: 35 * MM, height: 55 * MM };
const CARD = { width: 85.6 * MM, height: 54 * MM };
const GAP = 24;

/** Both languages, whatever the page's language. */
const FOUND = [EMERGENCY_LOCALES.en['tag.found'], EMERGENCY_LOCALES.de['tag.found']];
const PASSWORD_LABEL = `${EMERGENCY_LOCALES.de['tag.codeLabel']} / ${EMERGENCY_LOCALES.en['tag.codeLabel']}`;

/** Corner marks just outside the piece and a faint outline: where to cut. */
function cutMarks(doc: Pdf, x: number, y: number, width: number, height: number): void {
  const gap = 3;
  const length = 8;
  doc.save().lineWidth(0.3).strokeColor('#dee2e6').rect(x, y, width, height).stroke().restore();
  doc.save().lineWidth(0.5).strokeColor(INK.text);
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + width, y, 1, -1],
    [x, y + height, -1, 1],
    [x + width, y + height, 1, 1],
  ] as const) {
    doc
      .moveTo(cx + dx * gap, cy)
      .lineTo(cx + dx * (gap + length), cy)
      .stroke();
    doc
      .moveTo(cx, cy + dy * gap)
      .lineTo(cx, cy + dy * (gap + length))
      .stroke();
  }
  doc.restore();
}

function centred(doc: Pdf, text: string, x: number, y: number, width: number, size: number, bold = false) {
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(size)
    .text(text, x, y, { width, align: 'center', lineGap: 0.5 });
}

function collarTag(
  doc: Pdf,
  options: EmergencyTagOptions,
  petName: string,
  url: string,
  x: number,
  y: number,
) {
  const colours = brandColours(options.brand);
  const pad = 6;
  const inner = COLLAR.width - pad * 2;
  cutMarks(doc, x, y, COLLAR.width, COLLAR.height);
  doc.fillColor(colours.text);
  centred(doc, options.brand.displayName, x + pad, y + pad, inner, 7, true);
  doc.fillColor(INK.text);
  doc.font(FONT.bold).fontSize(10);
  doc.text(petName, x + pad, y + pad + 11, { width: inner, align: 'center', height: 26, ellipsis: true });
  const qr = inner - 4;
  const qrY = y + pad + 40;
  drawQrCode(doc, url, x + (COLLAR.width - qr) / 2, qrY, qr);
  doc.fillColor(INK.text);
  centred(doc, FOUND[0]!, x + pad - 2, qrY + qr + 4, inner + 4, 6, true);
  centred(doc, FOUND[1]!, x + pad - 2, doc.y + 1, inner + 4, 6, true);
}

function walletCard(doc: Pdf, options: EmergencyTagOptions, url: string, x: number, y: number) {
  const colours = brandColours(options.brand);
  const pad = 10;
  const qr = 92;
  cutMarks(doc, x, y, CARD.width, CARD.height);
  drawQrCode(doc, url, x + CARD.width - pad - qr + 4, y + (CARD.height - qr) / 2 + 6, qr);
  const width = CARD.width - pad * 2 - qr;
  const textX = x + pad;
  drawBrandLogo(doc, options.brand, textX, y + pad - 1, 12);
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(colours.text)
    .text(options.petNames.join(', '), textX, y + pad + 20, {
      width,
      height: 28,
      ellipsis: true,
      lineGap: 0.5,
    });
  doc.font(FONT.bold).fontSize(7).fillColor(INK.text);
  doc.text(FOUND[0]!, textX, y + pad + 56, { width });
  doc.text(FOUND[1]!, textX, doc.y + 1, { width });
  doc
    .font(FONT.regular)
    .fontSize(6)
    .fillColor(INK.muted)
    .text(PASSWORD_LABEL, textX, y + pad + 86, { width });
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(INK.text)
    .text(options.password, textX, doc.y + 1, { width });
  doc
    .font(FONT.regular)
    .fontSize(6)
    .fillColor(INK.muted)
    .text(notfallUrl(options.publicUrl), textX, doc.y + 2, { width });
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function label(doc: Pdf, text: string): void {
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(INK.text)
    .text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  doc.y += 14;
}

/** The tag page as PDF bytes. */
export async function renderEmergencyTag(options: EmergencyTagOptions): Promise<Buffer> {
  const t = emergencyTexts(options.language);
  const url = notfallUrl(options.publicUrl, options.password);
  const doc = createPdf({
    title: `${t('tag.title')}: ${options.petNames.join(', ')}`,
    language: options.language,
    brand: options.brand,
    generatedAt: options.generatedAt,
    margins: MARGINS,
  });

  drawBrandLogo(doc, options.brand, MARGINS.left, MARGINS.top - 2, 16);
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(INK.text)
    .text(t('tag.title'), MARGINS.left, MARGINS.top + 24, { width: CONTENT_WIDTH });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(INK.muted)
    .text(t('tag.hint'), MARGINS.left, doc.y + 2, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.y += 16;

  label(doc, t('tag.collar'));
  const perRow = Math.floor((CONTENT_WIDTH + GAP) / (COLLAR.width + GAP));
  options.petNames.forEach((name, index) => {
    const column = index % perRow;
    if (column === 0) {
      if (index > 0) doc.y += COLLAR.height + GAP;
      ensureSpace(doc, COLLAR.height + GAP);
    }
    const rowY = doc.y;
    collarTag(doc, options, name, url, MARGINS.left + column * (COLLAR.width + GAP), rowY);
    doc.y = rowY;
  });
  doc.y += COLLAR.height + GAP + 4;

  ensureSpace(doc, CARD.height + 30);
  label(doc, t('tag.card'));
  const cardY = doc.y;
  const cardGap = CONTENT_WIDTH - CARD.width * 2;
  walletCard(doc, options, url, MARGINS.left, cardY);
  walletCard(doc, options, url, MARGINS.left + CARD.width + cardGap, cardY);
  return finishPdf(doc);
}
