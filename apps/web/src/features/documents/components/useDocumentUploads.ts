import type { ErrorTextKey } from '@pet/shared/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorTextKey } from '../../../lib/errors.ts';
import { isReportable, reportClientError } from '../../../lib/log.ts';
import { uploadDocumentFile } from '../api/documentsApi.ts';

// The files of the add page and their uploads: each file is its own request with its own progress, at most
// two at a time (two cores' worth of a slow line, and the browser keeps connections for the page). A file
// that uploaded keeps its answer, so saving again after a failure sends only the files that failed.

/** Files uploading at the same time. */
export const PARALLEL_UPLOADS = 2;

export type UploadState = 'ready' | 'waiting' | 'uploading' | 'done' | 'failed';

export interface PickedFile {
  key: string;
  file: File;
  state: UploadState;
  percent: number;
  /** The `doc_url` entries the upload answered. */
  entries: string[];
  reason: ErrorTextKey | null;
}

let nextKey = 0;

/** Runs `work` over `items` with at most `limit` running at once; resolves when all have settled. */
async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function useDocumentUploads(petId: string) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  // The latest list for the upload run, which outlives the render that started it.
  const filesRef = useRef(files);
  filesRef.current = files;
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops the uploads still running (their files are cleaned up by the server's job).
  useEffect(() => () => abort.current?.abort(), []);

  const change = useCallback((key: string, patch: Partial<PickedFile>) => {
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  }, []);

  const add = useCallback((picked: readonly File[]) => {
    setFiles((current) => [
      ...current,
      ...picked.map((file) => {
        nextKey += 1;
        return { key: `f${nextKey}`, file, state: 'ready' as const, percent: 0, entries: [], reason: null };
      }),
    ]);
  }, []);

  const remove = useCallback((key: string) => {
    setFiles((current) => current.filter((f) => f.key !== key));
  }, []);

  /** Uploads every file not uploaded yet; the entries of all files in their order, or null if one failed. */
  const uploadAll = useCallback(async (): Promise<string[] | null> => {
    const controller = new AbortController();
    abort.current = controller;
    const snapshot = filesRef.current;
    const pending = snapshot.filter((f) => f.state !== 'done');
    const answers = new Map<string, string[]>();
    for (const f of pending) change(f.key, { state: 'waiting', percent: 0, reason: null });

    await runLimited(pending, PARALLEL_UPLOADS, async ({ key, file }) => {
      if (controller.signal.aborted) return;
      change(key, { state: 'uploading' });
      try {
        const answer = await uploadDocumentFile(petId, file, {
          signal: controller.signal,
          onProgress: (percent) => change(key, { percent }),
        });
        answers.set(key, answer.data);
        change(key, { state: 'done', percent: 100, entries: answer.data });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isReportable(error)) reportClientError('document upload failed', error);
        change(key, { state: 'failed', reason: errorTextKey(error) });
      }
    });

    if (controller.signal.aborted || pending.some((f) => !answers.has(f.key))) return null;
    return snapshot.flatMap((f) => answers.get(f.key) ?? f.entries);
  }, [petId, change]);

  return { files, add, remove, uploadAll };
}
