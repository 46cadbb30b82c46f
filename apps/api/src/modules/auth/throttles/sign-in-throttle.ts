import { createHmac } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { signInFailures } from '../../../db/schema/index.ts';

// Per-account throttling of password guesses (ASVS 5.0 V6.3.1), across processes and restarts: consecutive
// wrong passwords for one address are counted in the database; after a few free ones each further attempt
// must wait, twice as long as the one before, up to a cap. The cap is short on purpose: a stranger guessing
// can slow the owner down but never lock them out (and the owner is mailed once, after ALERT_AFTER failures;
// a password reset or a successful sign-in clears the count). The address is counted whether or not it has
// an account, so the throttle does not tell which addresses exist. Decision: docs/decisions/0006.

export const THROTTLE = {
  /** Wrong passwords that cost nothing but their own time. */
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 60,
  /** The owner gets one mail when the count reaches this. */
  alertAfter: 10,
  /** A count older than this starts again from zero. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** Seconds the next attempt must wait after `failures` consecutive wrong passwords. */
export function delayAfter(failures: number): number {
  if (failures <= THROTTLE.freeFailures) return 0;
  const doublings = failures - THROTTLE.freeFailures - 1;
  return Math.min(THROTTLE.firstDelaySeconds * 2 ** Math.min(doublings, 30), THROTTLE.maxDelaySeconds);
}

/**
 * Deletes the counts the throttle no longer reads (the hourly job, sign-in-failures-cleanup.job.ts): the last failure is
 * older than `forgetAfterSeconds`, so the next one starts again from one, exactly as without a row (and the
 * mail after `alertAfter` needs that many within the window too), and no wait is left. Answers how many went.
 */
export async function forgetStaleFailures(db: DbOrTx, now: Date): Promise<number> {
  const stale = new Date(now.getTime() - THROTTLE.forgetAfterSeconds * 1000);
  const removed = await db
    .delete(signInFailures)
    .where(and(lt(signInFailures.lastFailureAt, stale), lte(signInFailures.blockedUntil, now)))
    .returning({ emailHash: signInFailures.emailHash });
  return removed.length;
}

export interface SignInThrottle {
  /** Whole seconds until an attempt for this address is tried again; 0 when it may be tried now. */
  waitSeconds(email: string): Promise<number>;
  /** Counts a wrong password; returns the new count. */
  failed(email: string): Promise<number>;
  cleared(email: string): Promise<void>;
}

export function createSignInThrottle(options: {
  db: DbOrTx;
  /** Keys the address hash, so the table cannot be matched against a list of addresses. */
  secret: string;
  clock: () => Date;
}): SignInThrottle {
  const { db, secret, clock } = options;
  const keyOf = (email: string) =>
    createHmac('sha256', secret).update(`sign-in:${email.trim().toLowerCase()}`).digest('base64url');

  return {
    async waitSeconds(email) {
      const [row] = await db
        .select({ blockedUntil: signInFailures.blockedUntil })
        .from(signInFailures)
        .where(eq(signInFailures.emailHash, keyOf(email)));
      const left = row ? row.blockedUntil.getTime() - clock().getTime() : 0;
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async failed(email) {
      const now = clock();
      const stale = new Date(now.getTime() - THROTTLE.forgetAfterSeconds * 1000);
      // One statement, so attempts from several processes at once each add one.
      const [row] = await db
        .insert(signInFailures)
        .values({ emailHash: keyOf(email), failures: 1, lastFailureAt: now, blockedUntil: now })
        .onConflictDoUpdate({
          target: signInFailures.emailHash,
          set: {
            failures: sql`case when ${signInFailures.lastFailureAt} < ${stale.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: signInFailures.failures });
      const failures = row?.failures ?? 1;
      const delay = delayAfter(failures);
      if (delay > 0) {
        await db
          .update(signInFailures)
          .set({ blockedUntil: new Date(now.getTime() + delay * 1000) })
          .where(eq(signInFailures.emailHash, keyOf(email)));
      }
      return failures;
    },
    async cleared(email) {
      await db.delete(signInFailures).where(eq(signInFailures.emailHash, keyOf(email)));
    },
  };
}
