import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activationCodes } from '../../db/schema/index.ts';

export type ActivationCode = typeof activationCodes.$inferSelect;

/** Codes are stored upper-case without surrounding spaces; users type them any way. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findCode(db: DbOrTx, code: string): Promise<ActivationCode | undefined> {
  const [row] = await db
    .select()
    .from(activationCodes)
    .where(eq(activationCodes.code, normalizeCode(code)));
  return row;
}

/** The code's row, locked until the transaction ends, so two sign-ups cannot both redeem it. */
export async function findCodeForUpdate(tx: DbOrTx, code: string): Promise<ActivationCode | undefined> {
  const [row] = await tx
    .select()
    .from(activationCodes)
    .where(eq(activationCodes.code, normalizeCode(code)))
    .for('update');
  return row;
}

/** Tracker ids, like codes, are compared upper-case without surrounding spaces. */
export function normalizeTracker(trackerId: string): string {
  return trackerId.trim().toUpperCase();
}

/** Whether another code already carries this tracker. */
export async function trackerInUse(db: DbOrTx, trackerId: string, exceptCodeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: activationCodes.id })
    .from(activationCodes)
    .where(
      and(eq(activationCodes.trackerId, normalizeTracker(trackerId)), ne(activationCodes.id, exceptCodeId)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Marks the code redeemed; false when someone else got there first. */
export async function redeemCode(
  tx: DbOrTx,
  codeId: string,
  userId: string,
  trackerId: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(activationCodes)
    .set({
      redeemedBy: userId,
      redeemedAt: new Date(),
      ...(trackerId ? { trackerId: normalizeTracker(trackerId) } : {}),
    })
    .where(and(eq(activationCodes.id, codeId), isNull(activationCodes.redeemedAt)))
    .returning({ id: activationCodes.id });
  return rows.length === 1;
}

export async function trackerIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ trackerId: activationCodes.trackerId })
    .from(activationCodes)
    .where(and(eq(activationCodes.redeemedBy, userId), isNotNull(activationCodes.trackerId)))
    .orderBy(activationCodes.redeemedAt);
  return rows.flatMap((r) => (r.trackerId ? [r.trackerId] : []));
}

export interface NewCode {
  code: string;
  trackerId?: string | null;
}

/** Inserts the codes not yet present (by code); returns how many were new. */
export async function insertMissingCodes(db: DbOrTx, codes: NewCode[]): Promise<number> {
  if (codes.length === 0) return 0;
  const rows = await db
    .insert(activationCodes)
    .values(
      codes.map((c) => ({
        id: randomUUID(),
        code: normalizeCode(c.code),
        trackerId: c.trackerId ? normalizeTracker(c.trackerId) : null,
      })),
    )
    .onConflictDoNothing({ target: activationCodes.code })
    .returning({ id: activationCodes.id });
  return rows.length;
}
