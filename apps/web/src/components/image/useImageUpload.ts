import type { UploadImageResponse } from '@pet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/ApiError.ts';
import { type UploadTarget, uploadImage } from '../../lib/api/uploadImage.ts';
import { isReportable, reportClientError } from '../../lib/log.ts';
import { myInfoQueryKey } from '../../lib/session/myInfo.ts';

export interface ImageUpload {
  /** Uploads the JPEG; rejects with the failure (already logged). */
  upload: (jpeg: Blob, target: UploadTarget) => Promise<UploadImageResponse>;
  /** 0..100 while uploading, null otherwise. */
  progress: number | null;
  isUploading: boolean;
}

/** One picture upload at a time with its progress, for a progress bar under the picture. */
export function useImageUpload(): ImageUpload {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef(false);

  const upload = useCallback(
    async (jpeg: Blob, target: UploadTarget) => {
      if (running.current) throw new Error('An upload is already running');
      running.current = true;
      setProgress(0);
      try {
        return await uploadImage(jpeg, target, { onProgress: setProgress });
      } catch (error) {
        // Spec 1 section 4: a failed upload is logged and handled (the caller shows the message).
        if (isReportable(error)) reportClientError(`image upload (${target.fileFor}) failed`, error);
        // The session ended meanwhile: the session probe sends the user to sign in, as any 401 does.
        if (error instanceof ApiError && error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
        }
        throw error;
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [queryClient],
  );

  return { upload, progress, isUploading: progress !== null };
}
