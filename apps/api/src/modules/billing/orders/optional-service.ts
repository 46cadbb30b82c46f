import { type BrandId, euroToCents, type OptionalServiceOffer } from '@pet/shared';
import { z } from 'zod';
import { readCheckedJsonFile } from '../../../lib/checked-json-file.ts';
import animalCare from './optional-services/animal-care.json' with { type: 'json' };
import hundeSchutz from './optional-services/hunde-schutz.json' with { type: 'json' };
import petention from './optional-services/petention.json' with { type: 'json' };
import primepet from './optional-services/primepet.json' with { type: 'json' };
import tierFritz from './optional-services/tier-fritz.json' with { type: 'json' };

// The optional service a brand sells at checkout (spec 2 section 9: "Optional services 29 euro"): one
// add-on with a name, a text and a price in English and German, chosen with a box at checkout and shown as
// its own line in the prices, the order and the invoice. Configured like the seller (invoice-seller.ts): the
// brand's file under optional-services/ (null: none), or OPTIONAL_SERVICE_FILE, a JSON of the same shape that
// wins (config/env-variables.ts reads and checks it at boot).

const line = (max: number) =>
  z.string().trim().min(1, 'a non-empty text').max(max, `at most ${max} characters`);
const texts = (max: number) => z.object({ en: line(max), de: line(max) });

export const optionalServiceSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and dashes'),
  name: texts(80),
  text: texts(300),
  /** Euro, VAT included; at least the minimum payment, two decimals. */
  price: z.number().min(0.5, 'at least 0.50').max(10_000, 'at most 10000').multipleOf(0.01, 'two decimals'),
});

export const optionalServiceFileSchema = z.object({
  $comment: z.string().optional(),
  optional_service: optionalServiceSchema.nullable(),
});

export type OptionalService = z.output<typeof optionalServiceSchema>;

/** What OPTIONAL_SERVICE_FILE configured: a service, or none on purpose. */
export interface ConfiguredOptionalService {
  service: OptionalService | null;
}

const BRAND_FILES: Record<BrandId, unknown> = {
  petention,
  'hunde-schutz': hundeSchutz,
  'tier-fritz': tierFritz,
  primepet,
  'animal-care': animalCare,
};

/** The brand's optional service, the operator's file's when one is configured; null: none offered. */
export function optionalServiceOf(
  brand: BrandId,
  configured?: ConfiguredOptionalService,
): OptionalService | null {
  if (configured) return configured.service;
  return optionalServiceFileSchema.parse(BRAND_FILES[brand]).optional_service;
}

/** Reads and checks an optional-service file; throws with what is wrong (env.ts turns it into its boot error). */
export function readOptionalServiceFile(path: string): ConfiguredOptionalService {
  return {
    service: readCheckedJsonFile(path, optionalServiceFileSchema, 'an optional-service JSON')
      .optional_service,
  };
}

export function optionalServiceCents(service: OptionalService): number {
  return euroToCents(service.price);
}

/** The offer as POST /v1/subscription/prices answers it. */
export function optionalServiceOffer(service: OptionalService | null): OptionalServiceOffer | null {
  if (!service) return null;
  const cents = optionalServiceCents(service);
  return { key: service.key, name: service.name, text: service.text, price: cents / 100, price_cents: cents };
}
