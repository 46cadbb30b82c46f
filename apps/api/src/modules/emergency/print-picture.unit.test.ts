import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRINT_PICTURE_PX, printPicture } from './print-picture.ts';

// The printed picture: a small JPEG whatever the upload was, made once per picture.

const picture = (format: 'png' | 'webp' | 'gif', width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

describe('printPicture', () => {
  it('a large PNG, WebP or GIF becomes a JPEG of at most 600 px on its longest side, on white', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const printed = await printPicture(`k-${format}`, async () => picture(format, 1600, 1200));
      const meta = await sharp(printed!).metadata();
      expect(meta, format).toMatchObject({ format: 'jpeg', width: PRINT_PICTURE_PX, height: 450 });
      expect(meta.hasAlpha, format).toBe(false);
    }
  });

  it('a small picture keeps its size; bytes that are no picture give null', async () => {
    const small = await printPicture('k-small', async () => picture('png', 120, 80));
    expect(await sharp(small!).metadata()).toMatchObject({ width: 120, height: 80 });
    expect(
      await printPicture('k-broken', async () => Buffer.from('\xff\xd8\xff not really a jpeg')),
    ).toBeNull();
  });

  it('a picture is read and converted once; a missing one is null', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return picture('png', 800, 800);
    };
    const first = await printPicture('k-once', read);
    expect(await printPicture('k-once', read)).toBe(first);
    expect(reads).toBe(1);
    expect(await printPicture('k-missing', async () => null)).toBeNull();
  });
});
