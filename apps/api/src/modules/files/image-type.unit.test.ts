import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, test } from 'vitest';
import { detectImageType, imageGuard } from './image-type.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('detectImageType', () => {
  test.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'image/png'],
    ['gif87a', Buffer.from('GIF87a......'), 'image/gif'],
    ['gif89a', Buffer.from('GIF89a......'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), 'image/webp'],
  ])('%s', (_name, head, type) => {
    expect(detectImageType(head)?.contentType).toBe(type);
  });

  test.each([
    ['text', Buffer.from('hello, this is text')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['pdf', Buffer.from('%PDF-1.7\n')],
    ['riff but wav', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ')],
    ['truncated png', bytes(0x89, 0x50, 0x4e)],
    ['empty', Buffer.alloc(0)],
  ])('%s is not an image', (_name, head) => {
    expect(detectImageType(head)).toBeNull();
  });
});

describe('imageGuard', () => {
  async function run(chunks: Buffer[], max = 1000) {
    const guard = imageGuard(max);
    const out: Buffer[] = [];
    await pipeline(Readable.from(chunks), guard, async function* (source) {
      for await (const chunk of source) out.push(chunk as Buffer);
      yield* [];
    });
    return { guard, data: Buffer.concat(out) };
  }

  test('passes an image through unchanged, even when its signature arrives byte by byte', async () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7);
    const { guard, data } = await run([...png].map((b) => bytes(b)));
    expect(data.equals(png)).toBe(true);
    expect(guard.imageType?.contentType).toBe('image/png');
  });

  test('a short image (under 12 bytes) is judged at its end', async () => {
    const { data } = await run([bytes(0xff, 0xd8, 0xff, 0xd9)]);
    expect(data.length).toBe(4);
  });

  test('fails with 415 for anything else, and with 413 past the limit', async () => {
    await expect(run([Buffer.from('not an image at all')])).rejects.toMatchObject({ status: 415 });
    await expect(run([Buffer.alloc(0)])).rejects.toMatchObject({ status: 415 });
    await expect(run([bytes(0xff, 0xd8, 0xff), Buffer.alloc(2000)], 1000)).rejects.toMatchObject({
      status: 413,
    });
  });
});
