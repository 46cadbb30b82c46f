import { MAX_UPLOAD_BYTES } from '@pet/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkImageFile } from './checkImageFile.ts';
import { initialZoom } from './ImageCropDialog.tsx';

function file(type: string, size = 1000): File {
  const f = new File(['x'], 'f', { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('picked files', () => {
  it('refuses more than 25 MB and what is not an image', () => {
    expect(checkImageFile(file('image/jpeg', MAX_UPLOAD_BYTES))).toBeNull();
    expect(checkImageFile(file('image/jpeg', MAX_UPLOAD_BYTES + 1))).toBe('File_Too_Large_Error_Text');
    expect(checkImageFile(file('application/pdf'))).toBe('Unsupported_File_Type_Text');
    expect(checkImageFile(file('image/heic'))).toBeNull();
    // Without a type the crop dialog decides (the browser may still show it).
    expect(checkImageFile(file(''))).toBeNull();
  });
});

describe('crop start', () => {
  it('the crop covers half the picture width (spec 1 section 9), within the zoom range', () => {
    expect(initialZoom({ naturalWidth: 1000, naturalHeight: 1000 })).toBe(2);
    expect(initialZoom({ naturalWidth: 800, naturalHeight: 1200 })).toBe(2);
    expect(initialZoom({ naturalWidth: 1600, naturalHeight: 900 })).toBeCloseTo(1.125);
    expect(initialZoom({ naturalWidth: 3000, naturalHeight: 1000 })).toBe(1);
  });
});
