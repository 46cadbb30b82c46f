import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BRAND_IDS, type BrandId, brandConfig, PARTNER_IDS } from '@pet/shared';
import { z } from 'zod';

// The format of a plan catalogue: the seed files in catalogue/<brand>.json and the operator's
// `products upsert --file`. One schema checks both, so a file the seed accepts is one the CLI accepts.

const KEY = /^[a-z0-9][a-z0-9-]{0,62}$/;
const price = z.number().min(0).max(100_000).multipleOf(0.01);
const limit = z.number().int().min(0).max(100_000);
const optionalId = z.string().trim().min(1).max(200).nullable().default(null);

export const catalogueEntrySchema = z.strictObject({
  key: z.string().regex(KEY, 'lower-case letters, digits and dashes, starting with a letter or digit'),
  name: z.string().trim().min(1).max(100),
  sequence: z.number().int().min(0).max(100),
  is_default: z.boolean().default(false),
  pets_limit: limit,
  documents_limit: limit,
  appointments: z.boolean().default(false),
  medical: z.boolean().default(false),
  emergency_file: z.boolean().default(false),
  gps_tracking: z.boolean().default(false),
  monthly_price: price.default(0),
  yearly_price: price.default(0),
  monthly_price_id: optionalId,
  yearly_price_id: optionalId,
  stripe_id: optionalId,
  duration: z.number().int().min(1).max(120).nullable().default(null),
  internal_note: z.string().trim().min(1).max(200).nullable().default(null),
  tracker_price: price.nullable().default(null),
  active: z.boolean().default(true),
});
export type CatalogueEntry = z.output<typeof catalogueEntrySchema>;

export const catalogueFileSchema = z
  .object({
    $comment: z.string().optional(),
    partner_id: z.string().refine((v) => PARTNER_IDS.includes(v), `one of ${PARTNER_IDS.join(', ')}`),
    products: z.array(catalogueEntrySchema).min(1).max(100),
  })
  .superRefine((file, ctx) => {
    const keys = new Set<string>();
    file.products.forEach((product, index) => {
      if (keys.has(product.key)) {
        ctx.addIssue({ code: 'custom', path: ['products', index, 'key'], message: 'appears twice' });
      }
      keys.add(product.key);
    });
    if (file.products.filter((p) => p.is_default).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['products'], message: 'at most one product may be is_default' });
    }
  });
export type CatalogueFile = z.output<typeof catalogueFileSchema>;

/** "products.2.key: appears twice": the first problem of a file, on one line. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function catalogueFile(brand: BrandId): string {
  return fileURLToPath(new URL(`./catalogue/${brand}.json`, import.meta.url));
}

export async function loadCatalogue(brand: BrandId): Promise<CatalogueFile> {
  const parsed = catalogueFileSchema.parse(JSON.parse(await readFile(catalogueFile(brand), 'utf8')));
  if (parsed.partner_id !== brandConfig(brand).partnerId) {
    throw new Error(`catalogue/${brand}.json names partner ${parsed.partner_id}`);
  }
  return parsed;
}

export async function loadAllCatalogues(): Promise<CatalogueFile[]> {
  return Promise.all(BRAND_IDS.map((brand) => loadCatalogue(brand)));
}
