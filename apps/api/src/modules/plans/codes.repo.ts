import { randomUUID } from 'node:crypto';
import type { CodeType } from '@pet/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activationCodeBatches, activationCodes, products } from '../../db/schema/index.ts';
import type { ProductRow } from './products.repo.ts';

export type ActivationCode = typeof activationCodes.$inferSelect;
export type Batch = typeof activationCodeBatches.$inferSelect;

/** Codes are stored upper-case without surrounding spaces; users type them any way. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code with its batch and the batch's product (either may be missing). */
export interface CodeRecord {
  code: ActivationCode;
  batch: Batch | null;
  product: ProductRow | null;
}

/**
 * The code, its batch and product. `lock` holds the code's row until the transaction ends, so concurrent
 * redemptions of one code queue here and the later ones see it redeemed.
 */
export async function findCodeRecord(
  db: DbOrTx,
  code: string,
  options: { lock: boolean },
): Promise<CodeRecord | undefined> {
  const query = db
    .select({ code: activationCodes, batch: activationCodeBatches, product: products })
    .from(activationCodes)
    .leftJoin(activationCodeBatches, eq(activationCodeBatches.id, activationCodes.batchId))
    .leftJoin(products, eq(products.id, activationCodeBatches.productId))
    .where(eq(activationCodes.code, normalizeCode(code)));
  const [row] = options.lock ? await query.for('update', { of: activationCodes }) : await query;
  return row;
}

export async function findCodeById(db: DbOrTx, id: string): Promise<ActivationCode | undefined> {
  const [row] = await db.select().from(activationCodes).where(eq(activationCodes.id, id));
  return row;
}

/** Marks the code redeemed; false when someone else got there first. */
export async function redeemCode(tx: DbOrTx, codeId: string, userId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(activationCodes)
    .set({ redeemedBy: userId, redeemedAt: at })
    .where(and(eq(activationCodes.id, codeId), isNull(activationCodes.redeemedAt)))
    .returning({ id: activationCodes.id });
  return rows.length === 1;
}

export interface NewBatch {
  id?: string;
  partnerId: string;
  productId: string;
  type: CodeType;
  months: number | null;
  validFrom: string | null;
  validTo: string | null;
  note: string | null;
}

/** Inserts the batch; with a fixed id (the demo batches) an existing one is kept as it is. */
export async function insertBatch(db: DbOrTx, batch: NewBatch): Promise<Batch | undefined> {
  const [row] = await db
    .insert(activationCodeBatches)
    .values({ ...batch, id: batch.id ?? randomUUID() })
    .onConflictDoNothing({ target: activationCodeBatches.id })
    .returning();
  return row;
}

export async function findBatch(db: DbOrTx, id: string): Promise<Batch | undefined> {
  const [row] = await db.select().from(activationCodeBatches).where(eq(activationCodeBatches.id, id));
  return row;
}

/** Revokes the batch unless it already is; undefined when nothing changed. */
export async function revokeBatch(db: DbOrTx, id: string, at: Date): Promise<Batch | undefined> {
  const [row] = await db
    .update(activationCodeBatches)
    .set({ revokedAt: at })
    .where(and(eq(activationCodeBatches.id, id), isNull(activationCodeBatches.revokedAt)))
    .returning();
  return row;
}

/** Inserts the codes not yet present (by code) into the batch; returns the ones that were new. */
export async function insertCodes(db: DbOrTx, batchId: string, codes: string[]): Promise<string[]> {
  const inserted: string[] = [];
  // Chunks keep each statement well under the bind-parameter limit.
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db
      .insert(activationCodes)
      .values(
        codes.slice(i, i + 1000).map((code) => ({ id: randomUUID(), code: normalizeCode(code), batchId })),
      )
      .onConflictDoNothing({ target: activationCodes.code })
      .returning({ code: activationCodes.code });
    inserted.push(...rows.map((r) => r.code));
  }
  return inserted;
}

/** Codes made before batches existed join the given batch. */
export async function adoptCodesWithoutBatch(db: DbOrTx, batchId: string): Promise<number> {
  const rows = await db
    .update(activationCodes)
    .set({ batchId })
    .where(isNull(activationCodes.batchId))
    .returning({ id: activationCodes.id });
  return rows.length;
}

/** Deletes the batch's codes nobody redeemed; returns how many went. */
export async function deleteUnredeemedCodes(db: DbOrTx, batchId: string): Promise<number> {
  const rows = await db
    .delete(activationCodes)
    .where(and(eq(activationCodes.batchId, batchId), isNull(activationCodes.redeemedAt)))
    .returning({ id: activationCodes.id });
  return rows.length;
}
