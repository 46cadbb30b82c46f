import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { streamZip, zipDisposition } from '../files/zip-stream.ts';
import { accountExportJob } from './export.job.ts';
import { exportFilesBytes } from './export.repo.ts';
import { type ExportDeps, exportEntries } from './export-data.ts';
import { exportKey, verifyExportToken } from './export-token.ts';

// GET /v1/account/export: the ZIP at once while the account's files stay within EXPORT_INLINE_MAX_BYTES,
// else a job (export.job.ts) prepares it in storage and mails a link; the download of that link reads it back.

/** The export's data, plus EXPORT_INLINE_MAX_BYTES (env) and the link's HMAC key. */
export type ExportServiceDeps = ExportDeps & Pick<AppContext, 'env' | 'authSecret'>;

export type ExportAnswer =
  | { status: 'zip'; stream: Readable; contentDisposition: string }
  | { status: 'preparing' };

export const exportFileName = (deps: Pick<ExportDeps, 'brand' | 'clock'>) =>
  `${deps.brand.id}-data-${deps.clock().toISOString().slice(0, 10)}.zip`;

export async function requestExport(deps: ExportServiceDeps, userId: string): Promise<ExportAnswer> {
  if ((await exportFilesBytes(deps.db, userId)) > deps.env.EXPORT_INLINE_MAX_BYTES) {
    await deps.jobs.send(accountExportJob, { userId, exportId: randomUUID() });
    return { status: 'preparing' };
  }
  const entries = await exportEntries(deps, userId);
  return {
    status: 'zip',
    stream: streamZip(deps, entries, 'an account export'),
    contentDisposition: zipDisposition(exportFileName(deps)),
  };
}

/** A prepared export by its link's token: a forged, expired or someone else's token answers 404 alike. */
export async function preparedExport(
  deps: ExportServiceDeps,
  userId: string,
  token: string,
): Promise<{ stream: Readable; size: number; contentDisposition: string }> {
  const exportId = verifyExportToken(deps.authSecret, userId, token, deps.clock());
  if (!exportId) throw notFound();
  const object = await deps.storage.get(exportKey(userId, exportId));
  if (!object) throw notFound();
  return { ...object, contentDisposition: zipDisposition(exportFileName(deps)) };
}
