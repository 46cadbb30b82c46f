import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_IDS } from '@pet/shared';
import { describe, expect, test } from 'vitest';
import { loadEnv } from '../../../config/env.ts';
import { optionalServiceOf } from './optional-service.ts';

// The optional service (spec 2 section 9) as the operator configures it: every brand's shipped file is valid,
// and OPTIONAL_SERVICE_FILE is checked at boot like INVOICE_SELLER_FILE.

const dir = mkdtempSync(join(tmpdir(), 'env-optional-service-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const service = {
  key: 'setup',
  name: { en: 'Setup', de: 'Einrichtung' },
  text: { en: 'We set it up.', de: 'Wir richten es ein.' },
  price: 29,
};

describe('the optional service', () => {
  test.each(BRAND_IDS)("%s's shipped file is valid (29 € where one is sold)", (brand) => {
    const offered = optionalServiceOf(brand);
    if (offered) expect(offered.price).toBe(29);
  });

  test('OPTIONAL_SERVICE_FILE wins, and null sells none', () => {
    expect(
      optionalServiceOf(
        'tier-fritz',
        loadEnv({ OPTIONAL_SERVICE_FILE: file('ok.json', { optional_service: service }) }).OPTIONAL_SERVICE,
      ),
    ).toEqual(service);
    expect(
      optionalServiceOf(
        'petention',
        loadEnv({ OPTIONAL_SERVICE_FILE: file('none.json', { optional_service: null }) }).OPTIONAL_SERVICE,
      ),
    ).toBeNull();
  });

  test('a broken or incomplete file stops the start with what is wrong', () => {
    expect(() => loadEnv({ OPTIONAL_SERVICE_FILE: file('broken.json', '{"optional') })).toThrow(
      /Invalid OPTIONAL_SERVICE_FILE=".*broken.json": expected a readable JSON file/,
    );
    const noGerman = file('no-de.json', { optional_service: { ...service, name: { en: 'Setup' } } });
    expect(() => loadEnv({ OPTIONAL_SERVICE_FILE: noGerman })).toThrow(
      /optional-service JSON: optional_service\.name\.de/,
    );
    const cheap = file('cheap.json', { optional_service: { ...service, price: 0.1 } });
    expect(() => loadEnv({ OPTIONAL_SERVICE_FILE: cheap })).toThrow(/price must be at least 0.50/);
  });
});
