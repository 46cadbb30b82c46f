import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activationCodeBatches, activationCodes, userPlans } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { addMonths } from '../../lib/dates.ts';
import { findMembership, setGiftEnd } from './membership.repo.ts';
import { GIFT_DEFAULT_MONTHS, giftEndJob, type JobSender } from './membership.service.ts';

// Gift memberships redeemed before gifts had an end (migration 0012) get one at the server's start: the
// redemption date plus the batch's months (12 when none), with its plans.gift-end job (at once when that
// date has passed). Idempotent: only gifts still without an end are touched, each under its row's lock.

export async function giveLegacyGiftsAnEnd(db: Db, jobs: JobSender, now: Date): Promise<number> {
  const legacy = await db
    .select({
      userId: userPlans.userId,
      codeId: userPlans.activationCodeId,
      redeemedAt: activationCodes.redeemedAt,
      months: activationCodeBatches.months,
    })
    .from(userPlans)
    .innerJoin(activationCodes, eq(activationCodes.id, userPlans.activationCodeId))
    .leftJoin(activationCodeBatches, eq(activationCodeBatches.id, activationCodes.batchId))
    .where(and(eq(userPlans.isGift, true), isNull(userPlans.giftEndsAt)));
  let given = 0;
  for (const gift of legacy) {
    const done = await inTransaction(db, async (tx) => {
      const row = await findMembership(tx, gift.userId, { lock: true });
      const m = row?.membership;
      if (!m?.isGift || m.giftEndsAt || m.activationCodeId !== gift.codeId || !gift.codeId) return false;
      const giftEndsAt = addMonths(gift.redeemedAt ?? now, gift.months ?? GIFT_DEFAULT_MONTHS);
      const giftJobId = await jobs.send(
        giftEndJob,
        { userId: gift.userId, codeId: gift.codeId, endsAt: giftEndsAt.toISOString() },
        { startAfter: giftEndsAt, tx },
      );
      await setGiftEnd(tx, gift.userId, giftEndsAt, giftJobId);
      return true;
    });
    if (done) given += 1;
  }
  return given;
}
