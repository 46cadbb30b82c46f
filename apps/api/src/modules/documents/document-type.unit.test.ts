import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, test } from 'vitest';
import { DOCUMENT_SNIFF_BYTES, documentGuard, sniffDocument } from './document-type.ts';

// The content check of a document's file against its extension, and the gate's streaming of text: the whole
// file must be UTF-8 without NUL, however it is cut into chunks.

const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** A dBase III table header: version 3, last update 24-11-24, 65-byte header, one field, 11-byte records. */
function dbf(): Buffer {
  const bytes = Buffer.alloc(80, 0x20);
  bytes[0] = 0x03;
  bytes[1] = 124;
  bytes[2] = 11;
  bytes[3] = 24;
  bytes.writeUInt32LE(0, 4);
  bytes.writeUInt16LE(65, 8);
  bytes.writeUInt16LE(11, 10);
  bytes[64] = 0x0d;
  return bytes;
}

describe('sniffDocument', () => {
  test.each([
    ['pdf', PDF, 'application/pdf'],
    ['doc', CFB, 'application/msword'],
    ['dot', CFB, 'application/msword'],
    ['xls', CFB, 'application/vnd.ms-excel'],
    ['wps', CFB, 'application/vnd.ms-works'],
    ['rtf', Buffer.from('{\\rtf1\\ansi hello}'), 'application/rtf'],
    ['txt', Buffer.from('Grüße\n'), 'text/plain'],
    ['csv', Buffer.from('a;b\n1;2\n'), 'text/csv'],
    ['dif', Buffer.from('TABLE\r\n0,1\r\n""\r\n'), 'text/x-dif'],
    ['dbf', dbf(), 'application/dbase'],
  ] as const)('%s is accepted with its own type', async (extension, head, type) => {
    expect((await sniffDocument(extension, head))?.type).toBe(type);
  });

  test.each([
    ['pdf', CFB, 'an Office file named as PDF'],
    ['docx', CFB, 'an old Office file named as new'],
    ['txt', PDF, 'a PDF named as text'],
    ['txt', Buffer.from('<?xml version="1.0"?><svg/>'), 'markup named as text'],
    ['csv', Buffer.from('  <script>alert(1)</script>'), 'a script named as CSV'],
    ['dif', Buffer.from('just text\n'), 'text that is no DIF'],
    ['dbf', Buffer.from('not a table at all, only some text here....'), 'text named as dBase'],
    ['rtf', Buffer.from('plain text'), 'text named as RTF'],
    ['png', Buffer.alloc(0), 'an empty file'],
  ] as const)('%s: %s is refused', async (extension, head, _what) => {
    expect(await sniffDocument(extension, head)).toBeNull();
  });
});

describe('documentGuard', () => {
  async function run(name: string, chunks: Buffer[]): Promise<Buffer> {
    const guard = documentGuard(name);
    const out: Buffer[] = [];
    await pipeline(Readable.from(chunks), guard, async function* (source) {
      for await (const chunk of source) out.push(chunk as Buffer);
      yield* [];
    });
    expect(guard.detected).not.toBeNull();
    return Buffer.concat(out);
  }

  test('passes a long text through unchanged, a character split between chunks included', async () => {
    const text = Buffer.from(`${'ä'.repeat(DOCUMENT_SNIFF_BYTES)}\nEnde\n`);
    const cut = DOCUMENT_SNIFF_BYTES + 1; // inside a two-byte 'ä'
    expect((await run('a.txt', [text.subarray(0, cut), text.subarray(cut)])).equals(text)).toBe(true);
  });

  test('refuses text with a NUL or an invalid byte after the head, or cut off mid-character at its end', async () => {
    const head = Buffer.alloc(DOCUMENT_SNIFF_BYTES, 0x61);
    for (const tail of [Buffer.from([0x62, 0x00]), Buffer.from([0xff]), Buffer.from([0xc3])]) {
      await expect(run('a.txt', [head, tail])).rejects.toMatchObject({ status: 415 });
    }
  });

  test('refuses a name without an accepted extension, whatever the bytes', async () => {
    await expect(run('a.exe', [PDF])).rejects.toMatchObject({ status: 415 });
    await expect(run('pdf', [PDF])).rejects.toMatchObject({ status: 415 });
  });
});
