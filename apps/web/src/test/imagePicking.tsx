import { fireEvent, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type { CropperProps } from 'react-easy-crop';
import { vi } from 'vitest';

// Picking and cropping a picture in jsdom, which neither decodes images nor draws on a canvas. A test file
// that picks pictures mocks two modules with these stand-ins:
//   vi.mock('react-easy-crop', () => import('<path>/test/imagePicking.tsx').then((m) => m.fakeCropperModule));
//   vi.mock('<path>/components/image/cropToJpeg.ts', () => import('<path>/test/imagePicking.tsx')
//     .then((m) => m.fakeCropToJpegModule));

const AREA = { x: 0, y: 0, width: 400, height: 400 };

/** Reports a crop area at once, as react-easy-crop does after the picture has loaded. */
function FakeCropper(props: Partial<CropperProps>) {
  const { onCropComplete } = props;
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    onCropComplete?.(AREA, AREA);
  }, [onCropComplete]);
  return <div data-testid="cropper" />;
}

export const fakeCropperModule = { default: FakeCropper };

export const CROPPED_JPEG = new Blob(['cropped-jpeg'], { type: 'image/jpeg' });
export const fakeCropToJpegModule = { cropToJpeg: vi.fn(async () => CROPPED_JPEG) };

/** jsdom has no object URLs; the preview only needs a string. */
export function stubObjectUrls(): void {
  URL.createObjectURL = vi.fn(() => 'blob:picked-picture');
  URL.revokeObjectURL = vi.fn();
}

export function imageFile(options: { name?: string; type?: string; size?: number } = {}): File {
  const file = new File(['picture-bytes'], options.name ?? 'bello.png', {
    type: options.type ?? 'image/png',
  });
  if (options.size !== undefined) Object.defineProperty(file, 'size', { value: options.size });
  return file;
}

/** Chooses a file in the (only) picture input, as the system's file dialog would. */
export function chooseFile(file: File): void {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No picture input on the page');
  fireEvent.change(input, { target: { files: [file] } });
}

/** Chooses a file and confirms the crop dialog. */
export async function pickAndCrop(file: File = imageFile()): Promise<void> {
  chooseFile(file);
  const done = await screen.findByRole('button', { name: /Crop done|Zuschnitt fertig/ });
  await vi.waitFor(
    () => {
      if (done.hasAttribute('disabled')) throw new Error('Crop area not reported yet');
    },
    { timeout: 3000 },
  );
  fireEvent.click(done);
  // The JPEG is made asynchronously; the dialog closes once it is handed over.
  await vi.waitFor(
    () => {
      if (screen.queryByRole('button', { name: /Crop done|Zuschnitt fertig/ }))
        throw new Error('Still cropping');
    },
    { timeout: 3000 },
  );
}
