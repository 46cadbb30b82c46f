// Spec 1 section 9 (issue 47, point 8): "Image crop: circular, 1:1, default width 50 percent, JPEG output"
// (section 2: circular crop, rule-of-thirds grid, "Crop done"). The 50 percent start is in imageChecks.test.ts;
// here: what the cropper is told (1:1, round, grid) and that "Crop done" hands over a JPEG.
//
// jsdom neither decodes pictures nor draws: react-easy-crop is replaced by a stand-in that records its props
// and reports a crop area, and the picture and the canvas are stubbed where cropToJpeg.ts touches them, so
// the real cropToJpeg runs and its encoding call is the one the test sees.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import type { Area, CropperProps } from 'react-easy-crop';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ImageCropDialog } from './ImageCropDialog.tsx';

const cropper = vi.hoisted(() => ({ props: [] as Array<Partial<CropperProps>> }));

const AREA: Area = { x: 10, y: 20, width: 300, height: 300 };

vi.mock('react-easy-crop', () => ({
  default: function RecordingCropper(props: Partial<CropperProps>) {
    cropper.props.push(props);
    const { onCropComplete } = props;
    useEffect(() => onCropComplete?.(AREA, AREA), [onCropComplete]);
    return <div data-testid="cropper" />;
  },
}));

/** A picture that "loads" as soon as its source is set. */
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    setTimeout(() => this.onload?.(), 0);
  }
}

let encodings: Array<{ type: string | undefined; width: number; height: number }>;

beforeEach(() => {
  cropper.props = [];
  encodings = [];
  vi.stubGlobal('Image', LoadingImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillStyle: '',
        imageSmoothingQuality: 'low',
        fillRect: () => {},
        drawImage: () => {},
      }) as unknown as CanvasRenderingContext2D,
  );
  // The browser encodes in the type asked for (or PNG when none is given), as toBlob does.
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    encodings.push({ type, width: this.width, height: this.height });
    callback(new Blob(['encoded'], { type: type ?? 'image/png' }));
  });
});

afterEach(() => vi.restoreAllMocks());

function renderDialog(language: 'en' | 'de' = 'en') {
  const onDone = vi.fn<(jpeg: Blob) => void>();
  const onUnreadable = vi.fn();
  renderRoutes(
    [
      {
        path: '/crop',
        element: (
          <ImageCropDialog
            src="blob:picked-picture"
            onCancel={() => {}}
            onDone={onDone}
            onUnreadable={onUnreadable}
          />
        ),
      },
    ],
    { url: '/crop', language },
  );
  return { onDone, onUnreadable };
}

describe('the picture crop (spec 1 sections 2 and 9)', () => {
  it('is 1:1 and circular, with the rule-of-thirds grid', async () => {
    renderDialog();
    await screen.findByTestId('cropper');
    const props = cropper.props.at(-1);
    expect(props?.aspect).toBe(1);
    expect(props?.cropShape).toBe('round');
    expect(props?.showGrid).toBe(true);
  });

  it.each([
    ['en', 'Crop done'],
    ['de', 'Zuschnitt fertig'],
  ] as const)('%s: "%s" hands over a JPEG of the square that was chosen', async (language, done) => {
    const { onDone, onUnreadable } = renderDialog(language);
    const button = await screen.findByRole('button', { name: done });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onUnreadable).not.toHaveBeenCalled();
    const jpeg = onDone.mock.calls[0]?.[0];
    expect(jpeg).toBeInstanceOf(Blob);
    expect(jpeg?.type).toBe('image/jpeg');
    // Encoded once, as a JPEG, from a square canvas the size of the chosen area.
    expect(encodings).toEqual([{ type: 'image/jpeg', width: 300, height: 300 }]);
  });
});
