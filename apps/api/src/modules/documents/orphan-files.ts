import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { deleteUnattachedFiles } from './documents.repo.ts';
import { type DocumentsDeps, removeBytes, UNATTACHED_FILE_LIFETIME_MS } from './documents.service.ts';

// The job `documents.unattached-files-cleanup` (hourly, `unattachedFilesCleanupJob` below): files uploaded for a document
// that was never created (a closed tab, a failed second step) are removed a day after their upload, rows
// first, then their bytes. A create that takes a file at the same moment wins or loses cleanly: it locks the
// file rows, and the delete re-checks `document_id` after that lock.

export async function removeUnattachedFiles(
  deps: Pick<DocumentsDeps, 'db' | 'storage' | 'log' | 'clock'>,
): Promise<number> {
  const before = new Date(deps.clock().getTime() - UNATTACHED_FILE_LIFETIME_MS);
  const keys = await deleteUnattachedFiles(deps.db, before);
  await removeBytes(deps, keys, 'an unattached document file could not be removed');
  return keys.length;
}

/** Hourly: document files uploaded over a day ago and never attached go. */
export const unattachedFilesCleanupJob = defineJob({
  name: 'documents.unattached-files-cleanup',
  payload: NO_PAYLOAD,
  schedule: '47 * * * *',
  handler: (ctx) => async () => {
    const removed = await removeUnattachedFiles(ctx);
    if (removed > 0) ctx.log.info({ removed }, 'unattached document files removed');
  },
});
