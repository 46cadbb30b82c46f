import { type BrandId, brandConfig, type CodeType } from '@pet/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { userPlans } from '../../src/db/schema/index.ts';
import { insertCodes } from '../../src/modules/plans/codes.repo.ts';
import { createBatch } from '../../src/modules/plans/codes.service.ts';
import { findProductByRef, type ProductRow } from '../../src/modules/plans/products.repo.ts';
import { importTrackers } from '../../src/modules/plans/trackers.repo.ts';

// Codes and trackers made the way the operator makes them (the CLI's services), for API tests.

export interface BatchOptions {
  brand?: BrandId;
  /** Product key of the brand's catalogue. */
  product?: string;
  type?: CodeType;
  months?: number;
  validFrom?: string;
  validTo?: string;
  count?: number;
}

export async function productOf(database: Database, brand: BrandId, key: string): Promise<ProductRow> {
  const product = await findProductByRef(database.db, brandConfig(brand).partnerId, key);
  if (!product) throw new Error(`no product ${key} for ${brand}`);
  return product;
}

export async function issueCodes(database: Database, options: BatchOptions = {}) {
  const brand = options.brand ?? 'petention';
  const product = await productOf(database, brand, options.product ?? 'premium');
  const type = options.type ?? 'standard';
  const { batch, codes } = await createBatch(database.db, {
    product,
    type,
    months: type === 'trial' ? (options.months ?? 1) : type === 'gift' ? (options.months ?? null) : null,
    validFrom: options.validFrom ?? null,
    validTo: options.validTo ?? null,
    note: 'test',
    count: options.count ?? 1,
  });
  return { batch, codes, product };
}

/** One fresh code. */
export async function issueCode(database: Database, options: BatchOptions = {}): Promise<string> {
  const { codes } = await issueCodes(database, { ...options, count: 1 });
  return codes[0]!;
}

let trackerCounter = 0;
/** Issues new tracker ids to the brand's partner (tier-fritz by default). */
export async function issueTrackers(database: Database, count = 1, brand: BrandId = 'tier-fritz') {
  const ids = Array.from({ length: count }, () => {
    trackerCounter += 1;
    return `TF${process.pid}${String(trackerCounter).padStart(6, '0')}`;
  });
  await importTrackers(database.db, brandConfig(brand).partnerId, ids);
  return ids;
}

export async function membershipRow(database: Database, userId: string) {
  const [row] = await database.db.select().from(userPlans).where(eq(userPlans.userId, userId));
  return row;
}

/** A batch holding exactly the given code (tests that type a known code). */
export async function issueNamedCode(database: Database, code: string, options: BatchOptions = {}) {
  const { batch } = await issueCodes(database, { ...options, count: 0 });
  await insertCodes(database.db, batch.id, [code]);
  return batch;
}
