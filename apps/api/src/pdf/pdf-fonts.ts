import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// The fonts every PDF of the portal embeds: DejaVu Sans (npm `dejavu-fonts-ttf`) covers Latin with every
// accent (umlauts, ß, Polish ł ą ę, Turkish ğ ş İ), Greek and Cyrillic; pdfkit's built-in fonts stop at
// Latin-1. pdfkit embeds only the glyphs a document uses. Each font is parsed once and shared by every
// document (pdfkit takes a fontkit font as it is): parsing the two files per document cost about 20 ms.
//
// But fontkit also caches glyph objects per font, each with the characters it was first made for, and
// embedding a composite glyph (Ğ is G plus a breve) makes its parts without any: a later document that
// printed "G" then had no text behind it (pdftotext, search, copy and screen readers lost the letter). So the
// glyph cache is emptied right after each document embeds its fonts (finishPdf: pdfkit's end() embeds them
// synchronously), and no document ever sees another one's parts; the parsed tables stay shared.

const require = createRequire(import.meta.url);
const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export type FontWeight = keyof typeof FILES;

let parsed: Record<FontWeight, fontkit.Font> | undefined;

function parse(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/** fontkit's glyph cache (not in its types). */
type GlyphCache = { _glyphs: Record<number, unknown> };

export function pdfFonts(): Record<FontWeight, fontkit.Font> {
  parsed ??= { regular: parse(FILES.regular), bold: parse(FILES.bold) };
  return parsed;
}

/** Empties the fonts' glyph caches: call right after a document embedded its fonts. */
export function forgetGlyphs(): void {
  for (const font of Object.values(parsed ?? {})) (font as unknown as GlyphCache)._glyphs = {};
}
