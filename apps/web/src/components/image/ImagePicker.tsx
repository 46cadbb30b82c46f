import { FileButton } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useEverTrue } from '../../lib/drawWhen.ts';
import { OpenAfterMount } from '../../lib/OpenAfterMount.tsx';
import { checkImageFile } from './checkImageFile.ts';

// The crop dialog (react-easy-crop) is downloaded when a picture is chosen, not with the page that offers it.
const ImageCropDialog = lazy(() =>
  import('./ImageCropDialog.tsx').then((m) => ({ default: m.ImageCropDialog })),
);

interface ImagePickerProps {
  /** The trigger: a button or avatar that opens the system's file dialog with `onClick`. */
  children: (trigger: { onClick: () => void }) => ReactNode;
  /** The cropped picture, a JPEG. */
  onCropped: (jpeg: Blob) => void;
  /** The file was refused (too large, not an image): the text key to show. */
  onRefused: (reason: ErrorTextKey) => void;
  disabled?: boolean;
}

/**
 * Pick a picture -> check it -> crop it (spec 1 section 2). Used for pet pictures and the profile avatar; the
 * caller decides when and where the JPEG is uploaded.
 */
export function ImagePicker({ children, onCropped, onRefused, disabled }: ImagePickerProps) {
  const [src, setSrc] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const cropping = useEverTrue(src !== null);

  // The object URL holds the whole file in memory until it is revoked.
  useEffect(() => {
    if (!src) return;
    return () => URL.revokeObjectURL(src);
  }, [src]);

  const close = () => {
    setSrc(null);
    // The same file may be picked again after a cancel.
    resetInput.current?.();
  };

  const pick = (file: File | null) => {
    if (!file) return;
    const refusal = checkImageFile(file);
    if (refusal) {
      resetInput.current?.();
      onRefused(refusal);
      return;
    }
    setSrc(URL.createObjectURL(file));
  };

  return (
    <>
      <FileButton onChange={pick} accept="image/*" resetRef={resetInput} disabled={disabled}>
        {children}
      </FileButton>
      {cropping ? (
        <Suspense fallback={null}>
          <OpenAfterMount open={src !== null}>
            {(open) => (
              <ImageCropDialog
                src={open ? src : null}
                onCancel={close}
                onDone={(jpeg) => {
                  close();
                  onCropped(jpeg);
                }}
                onUnreadable={() => {
                  close();
                  onRefused('Unsupported_File_Type_Text');
                }}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      ) : null}
    </>
  );
}
