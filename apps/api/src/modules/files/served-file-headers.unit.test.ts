import { describe, expect, test } from 'vitest';
import { SERVED_FILE_CSP, servedFileHeaders } from './served-file-headers.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('servedFileHeaders', () => {
  test.each([
    ['image/png', 'image/png', 'inline'],
    ['image/jpeg', 'image/jpeg', 'inline'],
    ['application/pdf', 'application/pdf', 'inline'],
    [DOCX, DOCX, 'attachment'],
    ['text/plain', 'text/plain', 'attachment'],
    ['text/plain; charset=utf-8', 'text/plain', 'attachment'],
    // Types no upload is stored with, which a browser would run as a page: never served as themselves.
    ['text/html', 'application/octet-stream', 'attachment'],
    ['image/svg+xml', 'application/octet-stream', 'attachment'],
    ['application/xhtml+xml', 'application/octet-stream', 'attachment'],
    ['TEXT/HTML', 'application/octet-stream', 'attachment'],
  ])('%s is served as %s, %s', (stored, served, kind) => {
    expect(servedFileHeaders(stored)).toEqual({
      'content-type': served,
      'content-disposition': kind,
      'x-content-type-options': 'nosniff',
      'content-security-policy': SERVED_FILE_CSP,
    });
  });

  test('the CSP sandboxes the file and lets it load nothing', () => {
    const directives = SERVED_FILE_CSP.split(';').map((d) => d.trim());
    expect(directives).toContain('sandbox');
    expect(directives).toContain("default-src 'none'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(SERVED_FILE_CSP).not.toMatch(/allow-scripts|allow-same-origin|script-src/);
  });

  test('a file name goes into the disposition, unable to break the header or name a path', () => {
    expect(servedFileHeaders('application/pdf', 'Befund.pdf')['content-disposition']).toBe(
      `inline; filename="Befund.pdf"; filename*=UTF-8''Befund.pdf`,
    );
    expect(servedFileHeaders(DOCX, 'Impfpass Müller (2).docx')['content-disposition']).toBe(
      `attachment; filename="Impfpass M_ller (2).docx"; filename*=UTF-8''Impfpass%20M%C3%BCller%20%282%29.docx`,
    );
    expect(
      servedFileHeaders('text/plain', '../../etc/"x"\r\nSet-Cookie: a=b.txt')['content-disposition'],
    ).toBe(`attachment; filename="xSet-Cookie: a=b.txt"; filename*=UTF-8''xSet-Cookie%3A%20a%3Db.txt`);
    expect(servedFileHeaders('text/html', 'page.html')['content-disposition']).toMatch(/^attachment; /);
    expect(servedFileHeaders('text/plain', '  ')['content-disposition']).toBe('attachment');
  });
});
