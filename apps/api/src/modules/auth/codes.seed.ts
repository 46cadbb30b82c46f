import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrandId } from '@pet/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { insertMissingCodes } from './codes.repo.ts';

// The operator's seed: on start, the brand's codes file (db/seed/codes.<brand>.json) adds every code the
// table does not have yet. Running it again changes nothing; a code already redeemed stays redeemed.

const seedFileSchema = z.object({
  codes: z.array(
    z.object({
      code: z.string().trim().min(10).max(64),
      tracker_id: z.string().trim().min(1).max(64).nullish(),
    }),
  ),
});

export function codesSeedFile(brand: BrandId): string {
  return fileURLToPath(new URL(`../../db/seed/codes.${brand}.json`, import.meta.url));
}

/** Returns how many codes were new; a brand without a seed file seeds nothing. */
export async function seedActivationCodes(db: DbOrTx, brand: BrandId, file = codesSeedFile(brand)) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const { codes } = seedFileSchema.parse(JSON.parse(text));
  return insertMissingCodes(
    db,
    codes.map((c) => ({ code: c.code, trackerId: c.tracker_id ?? null })),
  );
}
