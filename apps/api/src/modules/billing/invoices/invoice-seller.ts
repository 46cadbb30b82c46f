import type { BrandId } from '@pet/shared';
import { z } from 'zod';
import { readCheckedJsonFile } from '../../../lib/checked-json-file.ts';
import animalCare from './sellers/animal-care.json' with { type: 'json' };
import hundeSchutz from './sellers/hunde-schutz.json' with { type: 'json' };
import petention from './sellers/petention.json' with { type: 'json' };
import primepet from './sellers/primepet.json' with { type: 'json' };
import tierFritz from './sellers/tier-fritz.json' with { type: 'json' };

// Who sells: the company each brand's invoices name (the law wants its name, address, VAT id, register and
// managing director on every invoice). The files under sellers/ are placeholders for the operator to replace;
// INVOICE_SELLER_FILE names a JSON of the same shape that wins over the brand's file (config/env-variables.ts reads and
// checks it at boot, so a broken file stops the server before any invoice is printed).

const line = z.string().trim().min(1, 'a non-empty text');

export const sellerSchema = z.object({
  company: line,
  /** Street, postcode and town, as printed (one entry a line). */
  address: z.array(line).min(1, 'at least one address line').max(4, 'at most four address lines'),
  email: z.email('an e-mail address'),
  website: line,
  vat_id: line,
  /** Court and register number, e.g. "Amtsgericht Berlin-Charlottenburg, HRB 000001". */
  register: line,
  managing_director: line,
});

export type Seller = z.output<typeof sellerSchema>;

const BRAND_SELLERS: Record<BrandId, unknown> = {
  petention,
  'hunde-schutz': hundeSchutz,
  'tier-fritz': tierFritz,
  primepet,
  'animal-care': animalCare,
};

/** The brand's seller, or the operator's file's (already checked by env.ts) when one is configured. */
export function sellerOf(brand: BrandId, configured?: Seller): Seller {
  return configured ?? sellerSchema.parse(BRAND_SELLERS[brand]);
}

/** Reads and checks a seller file; throws with what is wrong (env.ts turns it into its boot error). */
export function readSellerFile(path: string): Seller {
  return readCheckedJsonFile(path, sellerSchema, 'a seller JSON');
}
