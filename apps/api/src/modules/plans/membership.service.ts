import type { BrandConfig, CodeType } from '@pet/shared';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { defineJob } from '../../jobs/define-job.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { addMonths } from '../../lib/dates.ts';
import type { Batch } from './codes.repo.ts';
import {
  defaultMembership,
  ensureMembership,
  findMembership,
  type MembershipRow,
  writeMembership,
} from './membership.repo.ts';
import { findDefaultProduct, type ProductRow } from './products.repo.ts';

// The user's plan and how they got it (docs/decisions/0003): the default plan at sign-up, a code's plan on
// redemption (promo, gift, trial), the default again when a trial ends, or whatever the operator sets.

export type JobSender = Pick<Jobs, 'send' | 'cancel'>;

export interface CurrentPlan {
  /** Null only when the brand has no catalogue (no default product). */
  product: ProductRow | null;
  productAssociated: boolean;
  isPromo: boolean;
  isGift: boolean;
  isTrial: boolean;
  trialMonths: number | null;
  trialEndsAt: Date | null;
  activationCodeType: CodeType | null;
  activationCodeId: string | null;
  trialJobId: string | null;
}

function fromRow(membership: MembershipRow, product: ProductRow): CurrentPlan {
  return {
    product,
    productAssociated: membership.productAssociated,
    isPromo: membership.isPromo,
    isGift: membership.isGift,
    isTrial: membership.isTrial,
    trialMonths: membership.trialMonths,
    trialEndsAt: membership.trialEndsAt,
    activationCodeType: membership.activationCodeType as CodeType | null,
    activationCodeId: membership.activationCodeId,
    trialJobId: membership.trialJobId,
  };
}

function onDefault(product: ProductRow | undefined): CurrentPlan {
  return {
    product: product ?? null,
    productAssociated: false,
    isPromo: false,
    isGift: false,
    isTrial: false,
    trialMonths: null,
    trialEndsAt: null,
    activationCodeType: null,
    activationCodeId: null,
    trialJobId: null,
  };
}

/**
 * The user's plan. A user without a membership row is on the brand's default plan. With `lock`, the row is
 * written if missing and held until the transaction ends: a limit check and the insert it guards, or two
 * redemptions by one user, then cannot interleave.
 */
export async function currentPlan(
  db: DbOrTx,
  brand: BrandConfig,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CurrentPlan> {
  const lock = options.lock ?? false;
  let row = await findMembership(db, userId, { lock });
  if (!row && lock) {
    const fallback = await findDefaultProduct(db, brand.partnerId);
    if (!fallback) return onDefault(undefined);
    await ensureMembership(db, userId, fallback.id);
    row = await findMembership(db, userId, { lock });
  }
  if (row) return fromRow(row.membership, row.product);
  return onDefault(await findDefaultProduct(db, brand.partnerId));
}

/** Sign-up without a code: the brand's default plan (nothing, when the brand has no catalogue). */
export async function assignDefaultPlan(tx: DbOrTx, brand: BrandConfig, userId: string): Promise<void> {
  const fallback = await findDefaultProduct(tx, brand.partnerId);
  if (fallback) await writeMembership(tx, userId, defaultMembership(fallback.id));
}

export interface CodePlan {
  codeId: string;
  batch: Batch;
  product: ProductRow;
}

/** A gift without a batch length lasts this long (ADR 0011 "Gifts"). */
export const GIFT_DEFAULT_MONTHS = 12;

/** The job data of plans.gift-end: like a trial's, the job acts only while the membership is still that gift. */
export type GiftEndJob = TrialEndJob;

/** Cancels the pending trial-end and gift-end jobs of the membership a new plan replaces. */
async function cancelCodePlanJobs(
  tx: Tx,
  jobs: JobSender,
  previous: MembershipRow | undefined,
): Promise<void> {
  if (previous?.trialJobId) await jobs.cancel(trialEndJob, previous.trialJobId, tx);
  if (previous?.giftJobId) await jobs.cancel(giftEndJob, previous.giftJobId, tx);
}

const codePlanEnd = z.object({
  userId: z.string(),
  codeId: z.string(),
  /** ISO instant; the job only acts while the membership still ends its trial (or gift) exactly then. */
  endsAt: z.string(),
});
export type TrialEndJob = z.infer<typeof codePlanEnd>;

/**
 * Puts the user on a redeemed code's product with the flags of the code's type. A trial also gets its end
 * job, in the same transaction; a trial it replaces has its job cancelled.
 */
export async function putOnCodePlan(
  tx: Tx,
  jobs: JobSender,
  userId: string,
  code: CodePlan,
  now: Date,
): Promise<void> {
  const previous = await findMembership(tx, userId);
  await cancelCodePlanJobs(tx, jobs, previous?.membership);
  const type = code.batch.type as CodeType;
  const trialMonths = type === 'trial' ? (code.batch.months ?? 1) : null;
  const trialEndsAt = trialMonths === null ? null : addMonths(now, trialMonths);
  const trialJobId = trialEndsAt
    ? await jobs.send(
        trialEndJob,
        { userId, codeId: code.codeId, endsAt: trialEndsAt.toISOString() },
        { startAfter: trialEndsAt, tx },
      )
    : null;
  const giftEndsAt = type === 'gift' ? addMonths(now, code.batch.months ?? GIFT_DEFAULT_MONTHS) : null;
  const giftJobId = giftEndsAt
    ? await jobs.send(
        giftEndJob,
        { userId, codeId: code.codeId, endsAt: giftEndsAt.toISOString() },
        { startAfter: giftEndsAt, tx },
      )
    : null;
  await writeMembership(tx, userId, {
    productId: code.product.id,
    productAssociated: true,
    isPromo: type === 'promo',
    isGift: type === 'gift',
    isTrial: type === 'trial',
    trialMonths,
    trialEndsAt,
    activationCodeType: type,
    activationCodeId: code.codeId,
    trialJobId,
    giftEndsAt,
    giftJobId,
  });
}

/**
 * The trial-end job: back to the brand's default plan, if the user is still on the trial the job was made
 * for. Running it twice, or after another code replaced the trial, changes nothing.
 */
export async function endTrial(db: Db, brand: BrandConfig, job: TrialEndJob): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const row = await findMembership(tx, job.userId, { lock: true });
    const m = row?.membership;
    if (!m?.isTrial || m.activationCodeId !== job.codeId || m.trialEndsAt?.toISOString() !== job.endsAt) {
      return false;
    }
    const fallback = await findDefaultProduct(tx, brand.partnerId);
    // No default plan to fall back to: fail, so that the job is retried once the catalogue is fixed.
    if (!fallback) throw new Error(`no default product for partner ${brand.partnerId}`);
    await writeMembership(tx, job.userId, defaultMembership(fallback.id));
    return true;
  });
}

/**
 * The gift-end job: back to the brand's default plan, if the user is still on the gift the job was made for
 * (as endTrial). Running it twice, late, or after another code or a paid plan replaced the gift changes nothing.
 */
export async function endGift(db: Db, brand: BrandConfig, job: GiftEndJob): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const row = await findMembership(tx, job.userId, { lock: true });
    const m = row?.membership;
    if (!m?.isGift || m.activationCodeId !== job.codeId || m.giftEndsAt?.toISOString() !== job.endsAt) {
      return false;
    }
    const fallback = await findDefaultProduct(tx, brand.partnerId);
    if (!fallback) throw new Error(`no default product for partner ${brand.partnerId}`);
    await writeMembership(tx, job.userId, defaultMembership(fallback.id));
    return true;
  });
}

/**
 * A paid order (modules/billing): the order's product as a plain associated plan; promo, gift and trial
 * flags go, a pending trial end job is cancelled. The last redeemed code stays (the emergency password).
 */
export async function putOnPaidPlan(
  tx: Tx,
  jobs: JobSender,
  userId: string,
  productId: string,
): Promise<void> {
  const previous = await findMembership(tx, userId, { lock: true });
  await cancelCodePlanJobs(tx, jobs, previous?.membership);
  await writeMembership(tx, userId, { ...defaultMembership(productId), productAssociated: true });
}

/** The operator's `users set-product`: the product as a plain (non-promo, non-gift, non-trial) plan. */
export async function setUserProduct(db: Db, userId: string, product: ProductRow): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Held so a redemption by the same user cannot interleave; a pending trial job finds no trial and stops.
    await findMembership(tx, userId, { lock: true });
    await writeMembership(tx, userId, {
      ...defaultMembership(product.id),
      productAssociated: !product.isDefault,
    });
  });
}

/** A trial membership ends: back to the default plan (sent with the redemption, at the trial's end). */
export const trialEndJob = defineJob({
  name: 'plans.trial-end',
  payload: codePlanEnd,
  handler: (ctx) => async (job) => {
    if (await endTrial(ctx.db, ctx.brand, job.data)) {
      ctx.log.info({ userId: job.data.userId }, 'trial ended: back on the default plan');
    }
  },
});

/** A gift membership ends: back to the default plan. */
export const giftEndJob = defineJob({
  name: 'plans.gift-end',
  payload: codePlanEnd,
  handler: (ctx) => async (job) => {
    if (await endGift(ctx.db, ctx.brand, job.data)) {
      ctx.log.info({ userId: job.data.userId }, 'gift ended: back on the default plan');
    }
  },
});
