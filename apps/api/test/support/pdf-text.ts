import { spawn } from 'node:child_process';

// The text of a PDF as a reader sees it, by poppler's pdftotext (Debian's poppler-utils, which .ci/run
// installs): proof that what the API printed is really in the file, in the embedded font's encoding.
// Whitespace is collapsed to single spaces so that a check does not depend on where a line broke.

export interface PdfTextOptions {
  /**
   * Keep the page's rows together (pdftotext -layout): a label and its value printed side by side read as
   * "Total 70,65 €" even where the reading order would group the column of labels apart from the values.
   */
  layout?: boolean;
}

/** Each page's text (pdftotext ends every page with a form feed). */
export function pdfPages(pdf: Buffer, options: PdfTextOptions = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const args = ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), '-', '-'];
    const child = spawn('pdftotext', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`pdftotext exited ${code}: ${Buffer.concat(err).toString('utf8')}`));
        return;
      }
      const pages = Buffer.concat(out).toString('utf8').split('\f').slice(0, -1);
      resolve(pages.map((page) => page.replace(/\s+/g, ' ').trim()));
    });
    child.stdin.end(pdf);
  });
}

/** The whole document's text. */
export async function pdfText(pdf: Buffer, options: PdfTextOptions = {}): Promise<string> {
  return (await pdfPages(pdf, options)).join(' ');
}
