import type { Area } from 'react-easy-crop';

// The crop dialog's result as a JPEG (spec 1 section 9: "JPEG output"). Pictures are shown as avatars at most a
// few hundred pixels wide, so the output is capped: a phone photo's 4000 px square would only cost upload
// time and storage.

export const CROP_OUTPUT_MAX_PX = 1024;
const JPEG_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/** Cuts `area` (pixels of the original picture) out of `src` and encodes it as a JPEG Blob. */
export async function cropToJpeg(src: string, area: Area, maxPx = CROP_OUTPUT_MAX_PX): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, maxPx / Math.max(area.width, area.height));
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(area.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas available');
  // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
