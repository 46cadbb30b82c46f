import type { UploadImageResponse } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadTarget } from '../../lib/api/uploadImage.ts';
import { errorTextKey } from '../../lib/errors.ts';
import { useImageUpload } from './useImageUpload.ts';

interface PictureUploadOptions {
  target: UploadTarget;
  /** Heads the message of a failed upload: the spec's "pet image" or "user image failed to upload". */
  failureKey: ErrorTextKey;
  /** After 200 or 201: refresh what shows the picture. */
  onUploaded: (answer: UploadImageResponse) => void | Promise<void>;
}

/**
 * What an EditableAvatar needs to upload its cropped picture at once: the handlers, the progress and the
 * translated message of a refused file (too large, not an image) or a failed upload.
 */
export function usePictureUpload({ target, failureKey, onUploaded }: PictureUploadOptions) {
  const { t } = useTranslation('errors');
  const { upload, progress } = useImageUpload();
  const [problem, setProblem] = useState<{ key: ErrorTextKey; uploadFailed: boolean } | null>(null);

  const onCropped = async (jpeg: Blob) => {
    setProblem(null);
    let answer: UploadImageResponse;
    try {
      answer = await upload(jpeg, target);
    } catch (error) {
      setProblem({ key: errorTextKey(error), uploadFailed: true });
      return;
    }
    await onUploaded(answer);
  };

  let error: string | null = null;
  if (problem) error = problem.uploadFailed ? `${t(failureKey)} ${t(problem.key)}` : t(problem.key);

  return {
    progress,
    error,
    onCropped: (jpeg: Blob) => void onCropped(jpeg),
    onRefused: (key: ErrorTextKey) => setProblem({ key, uploadFailed: false }),
  };
}
