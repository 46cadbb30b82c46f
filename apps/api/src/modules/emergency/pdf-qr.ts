import QRCode from 'qrcode';
import type { Pdf } from '../../pdf/pdf-document.ts';

// A QR code drawn as vector squares: sharp at any print size and a few hundred bytes, where a PNG would
// need an image encoder and blur when a tag is printed small. Runs of dark modules in a row become one
// rectangle, and all of them one fill.

/** Draws the code for `text` as a `size` × `size` square at (x, y), with its quiet zone inside that square. */
export function drawQrCode(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const from = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // A hair wider and taller than the cell, so that viewers do not show seams between neighbours.
      doc.rect(x + (from + quiet) * cell, y + (row + quiet) * cell, (col - from) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
