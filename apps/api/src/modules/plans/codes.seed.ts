import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type BrandId, brandConfig, CODE_TYPES } from '@pet/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  adoptCodesWithoutBatch,
  deleteUnredeemedCodes,
  insertBatch,
  insertCodes,
  revokeBatch,
} from './codes.repo.ts';
import { findProductByRef } from './products.repo.ts';
import { importTrackers, removeFreeTrackers } from './trackers.repo.ts';

// The demo seed: on start, the brand's codes file (db/seed/codes.<brand>.json) adds every code the table
// does not have yet to the brand's demo batch (id `demo-<brand>`, on the product the file names), and issues
// its GPS trackers. Codes made before batches existed join that batch. Running it again changes nothing; a
// redeemed code stays redeemed.

const seedFileSchema = z.object({
  $comment: z.string().optional(),
  batch: z.object({
    /** Product key (or id) of the brand's catalogue. */
    product: z.string().min(1),
    type: z.enum(CODE_TYPES).default('standard'),
    months: z.number().int().min(1).max(120).nullable().default(null),
    note: z.string().default('demo'),
  }),
  codes: z.array(z.object({ code: z.string().trim().min(10).max(64) })),
  trackers: z.array(z.string().trim().min(4).max(64)).default([]),
});

export function codesSeedFile(brand: BrandId): string {
  return fileURLToPath(new URL(`../../db/seed/codes.${brand}.json`, import.meta.url));
}

export function demoBatchId(brand: BrandId): string {
  return `demo-${brand}`;
}

async function readSeedFile(file: string): Promise<z.infer<typeof seedFileSchema> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return seedFileSchema.parse(JSON.parse(text));
}

/** Returns how many codes were new; a brand without a seed file seeds nothing. */
export async function seedActivationCodes(db: Db, brand: BrandId, file = codesSeedFile(brand)) {
  const seed = await readSeedFile(file);
  if (!seed) return 0;
  const partnerId = brandConfig(brand).partnerId;
  return inTransaction(db, async (tx) => {
    const product = await findProductByRef(tx, partnerId, seed.batch.product);
    if (!product) throw new Error(`codes.${brand}.json: no product ${seed.batch.product} for ${partnerId}`);
    const batchId = demoBatchId(brand);
    await insertBatch(tx, {
      id: batchId,
      partnerId,
      productId: product.id,
      type: seed.batch.type,
      months: seed.batch.type === 'trial' ? (seed.batch.months ?? 1) : null,
      validFrom: null,
      validTo: null,
      note: seed.batch.note,
    });
    await adoptCodesWithoutBatch(tx, batchId);
    const inserted = await insertCodes(
      tx,
      batchId,
      seed.codes.map((c) => c.code),
    );
    await importTrackers(tx, partnerId, seed.trackers);
    return inserted.length;
  });
}

/**
 * A production start on a database that a demo once ran on (issue 29): the demo batch's unredeemed codes are
 * deleted (they answer as unknown codes) and the batch is revoked, so its redeemed codes, public too, no
 * longer serve as anyone's emergency password (that look-up skips revoked batches); the demo's trackers
 * that nobody registered are removed. Memberships already given stay. Answers what it did, for the log.
 */
export async function retireDemoCodes(db: Db, brand: BrandId, now: Date, file = codesSeedFile(brand)) {
  const seed = await readSeedFile(file);
  return inTransaction(db, async (tx) => {
    const codesDeleted = await deleteUnredeemedCodes(tx, demoBatchId(brand));
    const revoked = await revokeBatch(tx, demoBatchId(brand), now);
    const trackersRemoved = seed ? await removeFreeTrackers(tx, seed.trackers) : 0;
    return { codesDeleted, batchRevoked: revoked !== undefined, trackersRemoved };
  });
}
