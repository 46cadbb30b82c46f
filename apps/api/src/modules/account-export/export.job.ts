import { EXPORT_LINK_HOURS } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { Job } from 'pg-boss';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { accountExportReadyMail } from '../../mail/templates/account-export-ready.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { findUserByEmail, findUserEmail } from '../auth/auth.repo.ts';
import { streamZip } from '../files/zip-stream.ts';
import { exportEntries } from './export-data.ts';
import { exportKey, exportToken } from './export-token.ts';

// The workers of account.export and account.export-expiry. The first writes a large account's ZIP to the
// storage (users/<user id>/exports/<export id>.zip), schedules its removal for when the link expires and mails the
// link; a retry writes the same key again. The second removes the file.

const HOUR_MS = 60 * 60 * 1000;

/** The job's data: the export id is made when the job is sent, so a retried job writes the same key. */
const accountExportPayload = z.object({ userId: z.string(), exportId: z.string() });
export type AccountExportJob = z.infer<typeof accountExportPayload>;

export function accountExportHandler(deps: AppContext) {
  return async (job: Job<AccountExportJob>): Promise<void> => {
    const { userId, exportId } = job.data;
    const email = await findUserEmail(deps.db, userId);
    const account = email ? await findUserByEmail(deps.db, email) : undefined;
    // The account went meanwhile: nothing to export, nobody to tell.
    if (!account) return;
    const key = exportKey(userId, exportId);
    const entries = await exportEntries(deps, userId);
    const { size } = await deps.storage.put(key, streamZip(deps, entries, 'a prepared account export'), {
      contentType: 'application/zip',
    });
    const expiresAt = new Date(deps.clock().getTime() + EXPORT_LINK_HOURS * HOUR_MS);
    const removal: AccountExportJob = { userId, exportId };
    await deps.jobs.send(accountExportExpiryJob, removal, { startAfter: expiresAt });
    const token = exportToken(deps.authSecret, userId, exportId, expiresAt);
    await deps.mailer.send(
      accountExportReadyMail({
        to: account.email,
        name: account.name,
        language: mailLanguage(account.language),
        brand: deps.brand.displayName,
        url: `${deps.publicUrl}${apiPaths.accountExportDownload}?token=${encodeURIComponent(token)}`,
        validHours: EXPORT_LINK_HOURS,
      }),
    );
    deps.log.info({ userId, bytes: size }, 'account export prepared and mailed');
  };
}

export function accountExportExpiryHandler(ctx: AppContext) {
  return async (job: Job<AccountExportJob>): Promise<void> => {
    await ctx.storage.delete(exportKey(job.data.userId, job.data.exportId));
    ctx.log.info({ userId: job.data.userId }, 'expired account export removed');
  };
}

/** A large account's data export is prepared as a ZIP and its link mailed (issue 15). */
export const accountExportJob = defineJob({
  name: 'account.export',
  payload: accountExportPayload,
  handler: (ctx) => accountExportHandler(ctx),
});

/** A prepared export's file is removed when its link expires (issue 15). */
export const accountExportExpiryJob = defineJob({
  name: 'account.export-expiry',
  payload: accountExportPayload,
  handler: (ctx) => accountExportExpiryHandler(ctx),
});
