import type { BrandConfig } from '@pet/shared';
import PDFDocument from 'pdfkit';
import { forgetGlyphs, pdfFonts } from './pdf-fonts.ts';

// What every PDF of the portal shares (emergency file, tag, invoice): an A4 document with the embedded
// fonts, the brand's colours, and the finished bytes. All are small (tens of kB), so they are buffered and
// sent with their length.

export type Pdf = PDFKit.PDFDocument;

export const FONT = { regular: 'Sans', bold: 'Sans-Bold' } as const;

export const INK = { text: '#212529', muted: '#5c636a', rule: '#ced4da', box: '#f1f3f5' } as const;

/**
 * The brand's colours as the web app's theme shows them (Mantine's palette, shade 7 for the mark and 9 for
 * text, like the logos in apps/web/public/brands): the collar tag's brand line, and the stand-in for a logo
 * that cannot be read (brand-logo.ts draws the SVG logos).
 */
const BRAND_COLOURS: Record<BrandConfig['color'], { mark: string; text: string }> = {
  teal: { mark: '#0ca678', text: '#087f5b' },
  orange: { mark: '#f76707', text: '#d9480f' },
  indigo: { mark: '#4263eb', text: '#364fc7' },
  grape: { mark: '#ae3ec9', text: '#862e9c' },
  cyan: { mark: '#1098ad', text: '#0b7285' },
};

export function brandColours(brand: BrandConfig): { mark: string; text: string } {
  return BRAND_COLOURS[brand.color];
}

export interface PdfOptions {
  title: string;
  language: string;
  brand: BrandConfig;
  generatedAt: Date;
  margins: { top: number; bottom: number; left: number; right: number };
}

export function createPdf(options: PdfOptions): Pdf {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: options.margins,
    // Pages stay in memory until the end, where the page numbers ("n of m") are written on each.
    bufferPages: true,
    // No built-in font: pdfkit would load Helvetica's metrics for nothing (every text uses the embedded one).
    font: null as unknown as string,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.brand.displayName,
      Creator: options.brand.displayName,
      CreationDate: options.generatedAt,
    },
  });
  // pdfkit 0.20 takes a parsed fontkit font (PDFFontFactory.open: anything with `layout`); its types list
  // only file names and bytes.
  doc.registerFont(FONT.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(FONT.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font(FONT.regular);
  return doc;
}

/** Ends the document and answers its bytes. */
export function finishPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
    forgetGlyphs();
  });
}

/**
 * Writes on every buffered page, outside the text area (the bottom margin): pdfkit would otherwise start a
 * new page for text below the margin.
 */
export function onEveryPage(doc: Pdf, draw: (pageNumber: number, pageCount: number) => void): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    draw(i - start + 1, count);
    doc.page.margins = margins;
  }
}

/** The brand's display name in its colours: the stand-in for a logo that cannot be read (brand-logo.ts). */
export function drawBrandName(doc: Pdf, brand: BrandConfig, x: number, y: number, size: number): void {
  const colours = brandColours(brand);
  const mark = size * 0.9;
  doc.roundedRect(x, y, mark, mark, mark * 0.27).fill(colours.mark);
  doc
    .font(FONT.bold)
    .fontSize(size)
    .fillColor(colours.text)
    .text(brand.displayName, x + mark + size * 0.35, y - size * 0.08, { lineBreak: false });
  doc.fillColor(INK.text).font(FONT.regular);
}
