import type { CodeType } from '@pet/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { generateCodes } from './codes.generate.ts';
import { type Batch, insertBatch, insertCodes } from './codes.repo.ts';
import type { ProductRow } from './products.repo.ts';

// Issuing a batch of codes (the operator's `codes generate`).

export interface BatchRequest {
  product: ProductRow;
  type: CodeType;
  /** Trial batches only. */
  months: number | null;
  validFrom: string | null;
  validTo: string | null;
  note: string | null;
  count: number;
}

/**
 * Creates the batch and `count` new codes in one transaction. `beforeCommit` (writing the CSV) runs inside
 * it: if it fails, no code exists that the operator never received.
 */
export async function createBatch(
  db: Db,
  request: BatchRequest,
  beforeCommit?: (batch: Batch, codes: string[]) => Promise<void>,
): Promise<{ batch: Batch; codes: string[] }> {
  return inTransaction(db, async (tx) => {
    const batch = await insertBatch(tx, {
      partnerId: request.product.partnerId,
      productId: request.product.id,
      type: request.type,
      // A gift's months are its length (null: 12, ADR 0011); other types have none.
      months: request.type === 'trial' || request.type === 'gift' ? request.months : null,
      validFrom: request.validFrom,
      validTo: request.validTo,
      note: request.note,
    });
    if (!batch) throw new Error('batch id collision');
    const codes: string[] = [];
    // A new code may (astronomically rarely) equal an existing one: draw again for the ones not inserted.
    while (codes.length < request.count) {
      codes.push(...(await insertCodes(tx, batch.id, generateCodes(request.count - codes.length))));
    }
    await beforeCommit?.(batch, codes);
    return { batch, codes };
  });
}
