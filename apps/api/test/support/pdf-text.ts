import { spawn } from 'node:child_process';

// The text of a PDF as poppler's pdftotext reads it (poppler-utils), for tests that check what a generated
// PDF says without depending on its layout.

export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-enc', 'UTF-8', '-', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(new Error(`pdftotext exited ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 300)}`));
    });
    child.stdin.end(pdf);
  });
}
