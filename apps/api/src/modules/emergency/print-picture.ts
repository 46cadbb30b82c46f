import sharp from 'sharp';

// The pet's picture as the emergency file prints it: a JPEG of at most PRINT_PICTURE_PX on its longest side,
// turned as the camera meant (EXIF) and on white where it was transparent. pdfkit copies a JPEG's bytes as
// they are, so a picture of any size or format the upload accepts (JPEG, PNG, WebP, GIF) costs the file
// the same few dozen kB and no decoding; a 1.5 MB PNG had made the file take 60 ms instead of 15.
// Renditions are kept for the pictures drawn last (keyed by storage key and size, which change with the
// picture), so a file downloaded again does not make them again.

/** 600 px: 300 dpi over the 50 mm the file gives the picture. */
export const PRINT_PICTURE_PX = 600;
/** Larger sources are not decoded at all (a picture upload is at most 25 MB). */
const MAX_INPUT_PIXELS = 40_000_000;
const KEPT = 64;
const kept = new Map<string, Buffer>();

/** The print rendition of `bytes`, or null when they are not a picture sharp can read. */
export async function printPicture(key: string, bytes: () => Promise<Buffer | null>): Promise<Buffer | null> {
  const hit = kept.get(key);
  if (hit) {
    // Most recently used last: the map's order is its eviction order.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const source = await bytes();
  if (!source) return null;
  let rendition: Buffer;
  try {
    rendition = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PRINT_PICTURE_PX, PRINT_PICTURE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
  kept.set(key, rendition);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return rendition;
}
