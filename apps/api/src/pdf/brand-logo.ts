import { readFileSync } from 'node:fs';
import type { BrandConfig } from '@pet/shared';
import SVGtoPDF from 'svg-to-pdfkit';
import { drawBrandName, FONT, type Pdf } from './pdf-document.ts';

// The brand's logo on the portal's PDFs (emergency file, tag, invoice): the web app's own SVG
// (apps/web/public/brands), drawn as vectors by svg-to-pdfkit, its wordmark in the embedded bold font. A logo that cannot be read prints as
// the brand's name in its colours instead.

const LOGOS = new URL('../../../web/public/brands/', import.meta.url);
const cache = new Map<string, { svg: string; width: number; height: number } | null>();

function logoOf(brand: BrandConfig): { svg: string; width: number; height: number } | null {
  if (!cache.has(brand.logo)) {
    try {
      const svg = readFileSync(new URL(brand.logo, LOGOS), 'utf8');
      const box = /viewBox="\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s*"/.exec(svg);
      const width = Number(box?.[1]);
      const height = Number(box?.[2]);
      cache.set(brand.logo, width > 0 && height > 0 ? { svg, width, height } : null);
    } catch {
      cache.set(brand.logo, null);
    }
  }
  return cache.get(brand.logo) ?? null;
}

/** The logo `height` points high with its top left at (x, y); answers its width. */
export function drawBrandLogo(doc: Pdf, brand: BrandConfig, x: number, y: number, height: number): number {
  const logo = logoOf(brand);
  if (!logo) {
    drawBrandName(doc, brand, x, y, height * 0.75);
    return height * 4;
  }
  // Drawn at its viewBox size in points, scaled into place (svg-to-pdfkit would otherwise size it from the
  // SVG's own width and height attributes, whatever the options say).
  const scale = height / logo.height;
  doc.save().translate(x, y).scale(scale);
  SVGtoPDF(doc, logo.svg, 0, 0, {
    width: logo.width,
    height: logo.height,
    // The SVG's px are taken as points, so the scale above alone decides the size.
    assumePt: true,
    fontCallback: () => FONT.bold,
  });
  doc.restore();
  doc.font(FONT.regular);
  return logo.width * scale;
}
