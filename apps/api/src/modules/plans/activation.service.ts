import type { BrandConfig } from '@pet/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { businessDay } from '../../lib/business-day.ts';
import {
  batchMissing,
  codeExpired,
  codeInvalid,
  codeNotYetValid,
  codeRedeemed,
  productNotAttached,
  trackerRejected,
  trackerTaken,
} from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { type CodeRecord, findCodeRecord, redeemCode } from './codes.repo.ts';
import {
  assignDefaultPlan,
  type CodePlan,
  type CurrentPlan,
  currentPlan,
  putOnCodePlan,
} from './membership.service.ts';
import {
  findTracker,
  normalizeTracker,
  registerTracker,
  TRACKER_FORMAT,
  trackerIdsOf,
} from './trackers.repo.ts';

// Activation codes and GPS trackers: the checks of POST /v1/auth/verifycode, the redemption inside sign-up,
// and POST /v1/subscription/change/apply. Statuses per error (spec document 2 section 8,
// docs/decisions/0003): 470 unknown code, 478 batch missing or revoked, 433 (verify, sign-up) or 477
// (apply) already redeemed, 476 outside the validity window, 471 product not attached, 400 tracker missing
// or not issued (marking both fields), 409 tracker registered to someone else.

export type PlansDeps = Pick<AppContext, 'db' | 'brand' | 'jobs' | 'clock'>;

type RedeemedStatus = 433 | 477;

function trackerInForm(given: string, codeField: string): string {
  const tracker = normalizeTracker(given);
  if (!TRACKER_FORMAT.test(tracker)) throw trackerRejected(codeField, 'Invalid_Tracker_Id_Text');
  return tracker;
}

/** Sign-up and verify on a tracker brand: the one tracker id, checked for form; null on other brands. */
export function requiredTracker(
  brand: BrandConfig,
  trackerIds: string[] | undefined,
  codeField: string,
): string | null {
  if (!brand.requiresTracker) return null;
  const given = trackerIds?.[0];
  if (!given) throw trackerRejected(codeField, 'GPS_Tracker_ID_Required');
  return trackerInForm(given, codeField);
}

/** A code that may be redeemed now, with its batch and product. */
export type ValidCode = CodePlan & { record: CodeRecord };

/** Every check of a code short of redeeming it, in the order the statuses are decided. */
export async function checkCode(
  db: DbOrTx,
  brand: BrandConfig,
  code: string,
  now: Date,
  options: { lock: boolean; redeemedStatus: RedeemedStatus },
): Promise<ValidCode> {
  const record = await findCodeRecord(db, code, { lock: options.lock });
  if (!record) throw codeInvalid();
  const { batch, product } = record;
  if (!batch || batch.revokedAt) throw batchMissing();
  if (record.code.redeemedAt) throw codeRedeemed(options.redeemedStatus);
  const today = businessDay(now);
  if (batch.validFrom && today < batch.validFrom) throw codeNotYetValid();
  if (batch.validTo && today > batch.validTo) throw codeExpired();
  if (!product?.active || product.partnerId !== brand.partnerId || batch.partnerId !== brand.partnerId) {
    throw productNotAttached();
  }
  return { codeId: record.code.id, batch, product, record };
}

/** 'free' to register, 'own' when it is already this user's; 400 unknown, 409 someone else's. */
async function checkTracker(
  db: DbOrTx,
  brand: BrandConfig,
  tracker: string,
  userId: string | null,
  codeField: string,
  options: { lock: boolean },
): Promise<'free' | 'own'> {
  const row = await findTracker(db, brand.partnerId, tracker, options);
  if (!row) throw trackerRejected(codeField, 'Invalid_Tracker_Id_Text');
  if (row.userId === null) return 'free';
  if (userId !== null && row.userId === userId) return 'own';
  throw trackerTaken();
}

/** POST /v1/auth/verifycode: everything sign-up would check, without redeeming. */
export async function verifyCode(
  deps: PlansDeps,
  input: { code: string; tracker_ids?: string[] | undefined },
): Promise<{ isvalid: true; message: 'valid' }> {
  const tracker = requiredTracker(deps.brand, input.tracker_ids, 'code');
  await checkCode(deps.db, deps.brand, input.code, deps.clock(), { lock: false, redeemedStatus: 433 });
  if (tracker) await checkTracker(deps.db, deps.brand, tracker, null, 'code', { lock: false });
  return { isvalid: true, message: 'valid' };
}

/** Sign-up, before the account exists: the code and the tracker, locked until the sign-up commits. */
export async function checkSignUp(
  tx: Tx,
  deps: PlansDeps,
  input: { code: string | null; tracker: string | null },
): Promise<ValidCode | null> {
  const code = input.code
    ? await checkCode(tx, deps.brand, input.code, deps.clock(), { lock: true, redeemedStatus: 433 })
    : null;
  if (input.tracker)
    await checkTracker(tx, deps.brand, input.tracker, null, 'activation_code', { lock: true });
  return code;
}

/**
 * Sign-up, once the account exists (same transaction): redeems the code and puts the user on its plan, or
 * on the default plan, and registers the tracker. The conditional updates are what make both atomic.
 */
export async function startMembership(
  tx: Tx,
  deps: PlansDeps,
  userId: string,
  input: { code: ValidCode | null; tracker: string | null },
): Promise<void> {
  await redeemFor(tx, deps, userId, { ...input, redeemedStatus: 433 });
}

async function redeemFor(
  tx: Tx,
  deps: PlansDeps,
  userId: string,
  input: { code: ValidCode | null; tracker: string | null; redeemedStatus: RedeemedStatus },
): Promise<void> {
  const now = deps.clock();
  if (input.code) {
    if (!(await redeemCode(tx, input.code.codeId, userId, now))) throw codeRedeemed(input.redeemedStatus);
    await putOnCodePlan(tx, deps.jobs, userId, input.code, now);
  } else {
    await assignDefaultPlan(tx, deps.brand, userId);
  }
  if (input.tracker && !(await registerTracker(tx, deps.brand.partnerId, input.tracker, userId, now))) {
    throw trackerTaken();
  }
}

/**
 * The user already holds the code's product through a redeemed code and is not on a trial: redeeming would
 * change nothing but use up the code, so the code stays unredeemed and the call answers 204.
 */
function changesNothing(current: CurrentPlan, code: ValidCode): boolean {
  return current.product?.id === code.product.id && current.activationCodeType !== null && !current.isTrial;
}

/** POST /v1/subscription/change/apply for the signed-in user. */
export async function applyCode(
  deps: PlansDeps,
  userId: string,
  input: { activation_code: string; tracker_ids?: string[] | undefined },
): Promise<'applied' | 'unchanged'> {
  const given = deps.brand.requiresTracker ? input.tracker_ids?.[0] : undefined;
  const formTracker = given ? trackerInForm(given, 'activation_code') : null;
  return inTransaction(deps.db, async (tx) => {
    // The user's row first (then code, then tracker: one order everywhere, so no deadlocks).
    const current = await currentPlan(tx, deps.brand, userId, { lock: true });
    const code = await checkCode(tx, deps.brand, input.activation_code, deps.clock(), {
      lock: true,
      redeemedStatus: 477,
    });
    let tracker = formTracker;
    if (deps.brand.requiresTracker) {
      if (tracker === null) {
        // The tracker may be left out only by a user who registered one before.
        if ((await trackerIdsOf(tx, userId)).length === 0) {
          throw trackerRejected('activation_code', 'GPS_Tracker_ID_Required');
        }
      } else if (
        (await checkTracker(tx, deps.brand, tracker, userId, 'activation_code', { lock: true })) === 'own'
      ) {
        tracker = null;
      }
    }
    if (changesNothing(current, code)) return 'unchanged';
    await redeemFor(tx, deps, userId, { code, tracker, redeemedStatus: 477 });
    return 'applied';
  });
}
