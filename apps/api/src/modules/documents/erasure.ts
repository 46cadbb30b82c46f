import {
  type BrandConfig,
  type DocumentType,
  ERASURE_WARNING_DAYS_BEFORE,
  isoToDisplayDate,
  REACTIVATION_WINDOW_DAYS,
} from '@pet/shared';
import { documentPath, paths } from '@pet/shared/paths';
import type { Job } from 'pg-boss';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { BUSINESS_TIME_ZONE } from '../../lib/business-day.ts';
import { DAY_MS } from '../../lib/dates.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { documentErasureWarningMail } from '../../mail/templates/document-erasure-warning.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { findUserByEmail, findUserEmail } from '../auth/auth.repo.ts';
import { removeBytes } from './documents.service.ts';
import {
  claimErasureWarning,
  deleteDocuments,
  documentIdsBeyond,
  documentsBeyond,
  releaseErasureWarning,
  stillEndedAt,
} from './retention.repo.ts';
import {
  type DocumentErasureJob,
  documentErasureQueue,
  documentErasureWarningQueue,
  usableDocumentCount,
} from './retention.ts';

// The workers of documents.erasure-warning and documents.erasure (scheduled by scheduleDocumentErasure when
// a paid plan ends). Each acts only while the paid plan is still the one that ended at the job's `endedAt`
// and the user's plan keeps fewer documents than they have: an upgrade (a payment writes the subscription
// again) or deleting documents meanwhile makes the job do nothing. The erasure works in batches, each its
// own transaction that checks again with the subscription row held, so a payment arriving mid-way stops it;
// a second run finds nothing left beyond the limit. The warning is claimed on the subscription row before it
// is sent (erasure_warned_for), so a second run of it mails nothing.

/** Documents erased per transaction: short transactions, and a payment waits at most one batch. */
export const ERASURE_BATCH = 100;

const displayDay = (instant: Date) => isoToDisplayDate(instantToZoned(instant, BUSINESS_TIME_ZONE).date);

/** The documents a job would erase now: the ids beyond the kept ones, or none when the job is outdated. */
async function idsToErase(
  db: DbOrTx,
  brand: BrandConfig,
  job: DocumentErasureJob,
  options: { lock?: boolean; limit?: number } = {},
): Promise<{ keep: number; ids: string[] }> {
  const none = { keep: 0, ids: [] };
  if (!(await stillEndedAt(db, job.userId, new Date(job.endedAt), options))) return none;
  const keep = await usableDocumentCount(db, brand, job.userId);
  if (keep === null) return none;
  return { keep, ids: await documentIdsBeyond(db, job.userId, keep, options.limit) };
}

export function documentErasureWarningHandler(ctx: AppContext) {
  const { brand, db, mailer, publicUrl, log } = ctx;
  return async (job: Job<DocumentErasureJob>): Promise<void> => {
    const { userId } = job.data;
    const endedAt = new Date(job.data.endedAt);
    const { keep, ids } = await idsToErase(db, brand, job.data);
    if (ids.length === 0 || !(await claimErasureWarning(db, userId, endedAt))) return;
    try {
      const email = await findUserEmail(db, userId);
      const account = email ? await findUserByEmail(db, email) : undefined;
      if (!account) return;
      const listed = await documentsBeyond(db, userId, keep);
      const pets = new Map(listed.map((document) => [document.pet.id, document.pet]));
      await mailer.send(
        documentErasureWarningMail({
          to: account.email,
          name: account.name,
          language: mailLanguage(account.language),
          brand: brand.displayName,
          endedOn: displayDay(endedAt),
          erasureOn: displayDay(new Date(endedAt.getTime() + REACTIVATION_WINDOW_DAYS * DAY_MS)),
          keep,
          documents: listed.map((document) => ({
            pet: document.pet.name,
            type: document.documentType as DocumentType,
            description: document.description,
            uploadedOn: displayDay(document.createdAt),
          })),
          pets: [...pets.values()].map((pet) => ({
            name: pet.name,
            url: `${publicUrl}${documentPath(pet, 'document-safe')}`,
          })),
          url: `${publicUrl}${paths.subscription}`,
        }),
      );
    } catch (error) {
      await releaseErasureWarning(db, userId, endedAt);
      throw error;
    }
    log.info(
      { userId, documents: ids.length, daysBefore: ERASURE_WARNING_DAYS_BEFORE },
      'document erasure warning sent',
    );
  };
}

/** Erases the documents beyond the kept ones, batch by batch; answers how many went. */
export async function eraseDocumentsBeyondPlan(
  deps: Pick<AppContext, 'db' | 'brand' | 'storage' | 'log'>,
  job: DocumentErasureJob,
): Promise<number> {
  let erased = 0;
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx) => {
      const { ids } = await idsToErase(tx, deps.brand, job, { lock: true, limit: ERASURE_BATCH });
      return { ids, keys: await deleteDocuments(tx, job.userId, ids) };
    });
    if (batch.ids.length === 0) return erased;
    erased += batch.ids.length;
    await removeBytes(deps, batch.keys, 'files of an erased document could not be removed');
  }
}

export function documentErasureHandler(deps: AppContext) {
  return async (job: Job<DocumentErasureJob>): Promise<void> => {
    const erased = await eraseDocumentsBeyondPlan(deps, job.data);
    if (erased > 0) deps.log.info({ userId: job.data.userId, erased }, 'documents beyond the plan erased');
  };
}

export const documentErasureWarningJob = defineJob({
  ...documentErasureWarningQueue,
  handler: (ctx) => documentErasureWarningHandler(ctx),
});

export const documentErasureJob = defineJob({
  ...documentErasureQueue,
  handler: (ctx) => documentErasureHandler(ctx),
});
