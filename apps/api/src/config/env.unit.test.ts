import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_INLINE_MAX_BYTES } from '@pet/shared';
import { describe, expect, test } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

/** Production refuses to start without SMTP_URL (outbox mode is for local use). */
const PRODUCTION_SMTP = 'smtp://mail.example.test:587';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
};
/** Everything a production start needs (issues 29, 30): mail, its own secret and address, Stripe. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: PRODUCTION_SMTP,
  PUBLIC_URL: 'https://pets.example.test',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  ...STRIPE,
};

describe('loadEnv', () => {
  test('defaults: embedded database on port 3000, PUBLIC_URL from the port', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  test('LEGAL_DIR: the operator’s legal texts, DATA_DIR/legal unless set, always absolute', () => {
    expect(loadEnv({ DATA_DIR: '/srv/pets' }).LEGAL_DIR).toBe('/srv/pets/legal');
    expect(loadEnv({ DATA_DIR: '/srv/pets', LEGAL_DIR: '/etc/pets/legal' }).LEGAL_DIR).toBe(
      '/etc/pets/legal',
    );
    expect(loadEnv({ LEGAL_DIR: 'texts' }).LEGAL_DIR).toBe(join(process.cwd(), 'texts'));
  });

  test('a wrong value names the variable and what is allowed, and never echoes a secret', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(
      new EnvError('Invalid PORT="abc": expected a whole number from 0 to 65535'),
    );
    expect(() => loadEnv({ BRAND: 'acme' })).toThrow(/Invalid BRAND="acme": expected one of petention/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://u:hunter2@h/db' })).toThrow(
      'Invalid DATABASE_URL: expected a URL starting with postgres:// or postgresql://',
    );
    expect(() => loadEnv({ DEMO_CODES: 'yes' })).toThrow('Invalid DEMO_CODES="yes": expected true or false');
  });

  test('EXPORT_INLINE_MAX_BYTES: the shared constant by default, a whole number of bytes when set', () => {
    expect(loadEnv({}).EXPORT_INLINE_MAX_BYTES).toBe(EXPORT_INLINE_MAX_BYTES);
    expect(loadEnv({ EXPORT_INLINE_MAX_BYTES: '1000' }).EXPORT_INLINE_MAX_BYTES).toBe(1000);
    expect(() => loadEnv({ EXPORT_INLINE_MAX_BYTES: '1.5' })).toThrow(
      'Invalid EXPORT_INLINE_MAX_BYTES="1.5": expected a whole number of bytes from 0 to 10000000000',
    );
  });

  describe('ACCEPT_SOCKETS: several sockets where clients connect directly, one behind a proxy', () => {
    test('4 by default, 1 with TRUST_PROXY (the proxy keeps its connections open)', () => {
      expect(loadEnv({}).ACCEPT_SOCKETS).toBe(4);
      expect(loadEnv(PRODUCTION).ACCEPT_SOCKETS).toBe(4);
      expect(loadEnv({ TRUST_PROXY: 'false' }).ACCEPT_SOCKETS).toBe(4);
      expect(loadEnv({ TRUST_PROXY: 'true' }).ACCEPT_SOCKETS).toBe(1);
      expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: '1' }).ACCEPT_SOCKETS).toBe(1);
    });

    test('a value set wins over the default, either way', () => {
      expect(loadEnv({ TRUST_PROXY: 'true', ACCEPT_SOCKETS: '4' }).ACCEPT_SOCKETS).toBe(4);
      expect(loadEnv({ ACCEPT_SOCKETS: '1' }).ACCEPT_SOCKETS).toBe(1);
      expect(loadEnv({ ACCEPT_SOCKETS: '16' }).ACCEPT_SOCKETS).toBe(16);
      // Unset in an environment file (an empty value) is the default.
      expect(loadEnv({ TRUST_PROXY: 'true', ACCEPT_SOCKETS: '' }).ACCEPT_SOCKETS).toBe(1);
    });

    test.each(['0', '17', '2.5', 'four', '-1'])('%s is refused in one line that names it', (value) => {
      expect(() => loadEnv({ ACCEPT_SOCKETS: value })).toThrow(
        new EnvError(`Invalid ACCEPT_SOCKETS="${value}": expected a whole number from 1 to 16`),
      );
    });
  });

  describe('DEMO_CODES: the public demo codes are only seeded where nobody real can redeem them', () => {
    test('on for the embedded database outside production', () => {
      expect(loadEnv({}).DEMO_CODES).toBe(true);
      expect(loadEnv({ NODE_ENV: 'test' }).DEMO_CODES).toBe(true);
    });
    test('off in production and on a PostgreSQL server unless asked for', () => {
      expect(loadEnv(PRODUCTION).DEMO_CODES).toBe(false);
      expect(loadEnv({ DATABASE_URL: 'postgres://localhost/pets' }).DEMO_CODES).toBe(false);
      expect(loadEnv({ DATABASE_URL: 'postgres://localhost/pets', DEMO_CODES: 'true' }).DEMO_CODES).toBe(
        true,
      );
      expect(loadEnv({ DEMO_CODES: '0' }).DEMO_CODES).toBe(false);
    });
  });

  describe('production', () => {
    test('stops without SMTP_URL, in one line that names it', () => {
      expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
        new EnvError(
          'Invalid SMTP_URL: expected a value when NODE_ENV=production (without it, mails would only reach the log)',
        ),
      );
      expect(loadEnv(PRODUCTION).SMTP_URL).toBe(PRODUCTION_SMTP);
      // Outside production, outbox mode stays the default.
      expect(loadEnv({}).SMTP_URL).toBeUndefined();
    });

    test('stops without PUBLIC_URL, in one line that names it (issue 30)', () => {
      const { PUBLIC_URL: _url, ...withoutUrl } = PRODUCTION;
      expect(() => loadEnv(withoutUrl)).toThrow(
        new EnvError(
          'Invalid PUBLIC_URL: expected a value when NODE_ENV=production: the address users open (https://...), the same for every process',
        ),
      );
      expect(loadEnv(PRODUCTION).PUBLIC_URL).toBe('https://pets.example.test');
    });

    test('never echoes METRICS_TOKEN, even a refused one', () => {
      expect(() => loadEnv({ METRICS_TOKEN: 'short-secret' })).toThrow(/^Invalid METRICS_TOKEN: /);
      expect(() => loadEnv({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
    });

    test('refuses DEV_WEB_ORIGIN, which trusts the development server', () => {
      expect(() => loadEnv({ ...PRODUCTION, DEV_WEB_ORIGIN: 'http://localhost:3001' })).toThrow(
        'Invalid DEV_WEB_ORIGIN="http://localhost:3001": expected no value when NODE_ENV=production (it trusts the development server)',
      );
    });
  });

  describe('production is never a demo (issue 29)', () => {
    test('stops without AUTH_SECRET, in one line that names it', () => {
      const { AUTH_SECRET: _secret, ...withoutSecret } = PRODUCTION;
      expect(() => loadEnv(withoutSecret)).toThrow(
        new EnvError(
          'Invalid AUTH_SECRET: expected a value when NODE_ENV=production: at least 32 characters, the same for every process (openssl rand -base64 48)',
        ),
      );
      // Outside production a secret is drawn per data folder (secret.ts), so `npm start` needs none.
      expect(loadEnv({}).AUTH_SECRET).toBeUndefined();
    });

    test('stops without Stripe unless the sandbox is named on purpose, which then shows test payments', () => {
      const {
        STRIPE_SECRET_KEY: _a,
        STRIPE_PUBLISHABLE_KEY: _b,
        STRIPE_WEBHOOK_SECRET: _c,
        ...noStripe
      } = PRODUCTION;
      expect(() => loadEnv(noStripe)).toThrow(
        new EnvError(
          'Invalid PAYMENT_PROVIDER: expected stripe (with the STRIPE_* keys) when NODE_ENV=production, or sandbox on purpose: it confirms test cards for anyone',
        ),
      );
      const sandbox = loadEnv({ ...noStripe, PAYMENT_PROVIDER: 'sandbox' });
      expect(sandbox).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', TEST_PAYMENTS: true });
      expect(loadEnv(PRODUCTION)).toMatchObject({ PAYMENT_PROVIDER: 'stripe', TEST_PAYMENTS: false });
      // `npm start`: the sandbox without a word, and no ribbon.
      expect(loadEnv({})).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', TEST_PAYMENTS: false });
    });

    test('refuses DEMO_CODES=true: the demo codes are public', () => {
      expect(() => loadEnv({ ...PRODUCTION, DEMO_CODES: 'true' })).toThrow(
        new EnvError(
          'Invalid DEMO_CODES="true": expected false or no value when NODE_ENV=production (the demo codes are public, in the repository)',
        ),
      );
    });

    test('PAYMENT_PROVIDER must match the keys, in every environment', () => {
      expect(() => loadEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
        'Invalid STRIPE_SECRET_KEY: expected a value when PAYMENT_PROVIDER=stripe',
      );
      expect(() => loadEnv({ PAYMENT_PROVIDER: 'sandbox', ...STRIPE })).toThrow(
        new EnvError(
          'Invalid STRIPE_SECRET_KEY: expected no value when PAYMENT_PROVIDER=sandbox (one provider at a time)',
        ),
      );
      expect(() => loadEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
        'Invalid PAYMENT_PROVIDER="paypal": expected one of sandbox, stripe',
      );
    });
  });

  describe('S3 storage: S3_BUCKET turns it on, and then needs its settings', () => {
    const S3 = {
      S3_BUCKET: 'pet-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-key-never-echoed',
    };

    test('complete: parsed, path style off unless asked for; unset: the local disk', () => {
      expect(loadEnv(S3)).toMatchObject({ ...S3, S3_FORCE_PATH_STYLE: false });
      expect(loadEnv(S3).S3_ENDPOINT).toBeUndefined();
      expect(
        loadEnv({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
      ).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true });
      expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    });

    test('a missing setting stops the start in one line, without echoing a key', () => {
      for (const name of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        expect(() => loadEnv({ ...S3, [name]: undefined })).toThrow(
          new EnvError(`Invalid ${name}: expected a value when S3_BUCKET is set`),
        );
      }
      expect(() => loadEnv({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow('Invalid S3_SECRET_ACCESS_KEY:');
      expect(() => loadEnv({ ...S3, S3_BUCKET: 'Pet_Files' })).toThrow(
        'Invalid S3_BUCKET="Pet_Files": expected a bucket name',
      );
      expect(() => loadEnv({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(
        'Invalid S3_ENDPOINT="minio:9000": expected a URL starting with http:// or https://',
      );
    });

    test('settings without S3_BUCKET are refused rather than quietly ignored', () => {
      const { S3_BUCKET: _bucket, ...withoutBucket } = S3;
      expect(() => loadEnv(withoutBucket)).toThrow(
        'Invalid S3_REGION="eu-central-1": expected no value without S3_BUCKET (files are kept under DATA_DIR/files)',
      );
      expect(() => loadEnv({ S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
        new EnvError(
          'Invalid S3_SECRET_ACCESS_KEY: expected no value without S3_BUCKET (files are kept under DATA_DIR/files)',
        ),
      );
    });
  });

  describe('INVOICE_SELLER_FILE: the seller invoices name, checked at boot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-seller-'));
    const seller = {
      company: 'Beispiel GmbH',
      address: ['Weg 1', '12345 Ort'],
      email: 'rechnung@beispiel.example',
      website: 'https://beispiel.example',
      vat_id: 'DE999999999',
      register: 'Amtsgericht Ort, HRB 1',
      managing_director: 'Eva Beispiel',
    };
    const file = (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    test('unset: no seller (the brand’s own file is used)', () => {
      expect(loadEnv({}).INVOICE_SELLER).toBeUndefined();
    });
    test('a valid file is read once, at boot', () => {
      const path = file('good.json', JSON.stringify({ ...seller, _comment: 'ignored' }));
      expect(loadEnv({ INVOICE_SELLER_FILE: path }).INVOICE_SELLER).toEqual(seller);
    });
    test('a missing, broken or incomplete file stops the start with what is wrong', () => {
      const missing = join(dir, 'missing.json');
      expect(() => loadEnv({ INVOICE_SELLER_FILE: missing })).toThrow(
        new RegExp(`^Invalid INVOICE_SELLER_FILE="${missing}": expected a readable JSON file \\(ENOENT`),
      );
      expect(() => loadEnv({ INVOICE_SELLER_FILE: file('broken.json', '{"company":') })).toThrow(
        /Invalid INVOICE_SELLER_FILE=".*broken.json": expected a readable JSON file/,
      );
      const noVat = file('no-vat.json', JSON.stringify({ ...seller, vat_id: undefined }));
      expect(() => loadEnv({ INVOICE_SELLER_FILE: noVat })).toThrow(
        /Invalid INVOICE_SELLER_FILE=".*no-vat.json": expected a seller JSON: vat_id must be/,
      );
      const badMail = file('bad-mail.json', JSON.stringify({ ...seller, email: 'not a mail' }));
      expect(() => loadEnv({ INVOICE_SELLER_FILE: badMail })).toThrow(
        'expected a seller JSON: email must be an e-mail address',
      );
    });
  });

  describe('Stripe: all three keys or none', () => {
    const STRIPE = {
      STRIPE_SECRET_KEY: 'sk_test_never_echoed',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'whsec_never_echoed',
    };

    test('all three (and an API host for the fake Stripe) are parsed; none: the sandbox', () => {
      expect(loadEnv({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
        ...STRIPE,
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      });
      expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    });

    test('half a configuration stops the start in one line, naming a missing key and echoing no secret', () => {
      const message = (name: string) =>
        new EnvError(
          `Invalid ${name}: expected a value when any of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET is set`,
        );
      for (const name of Object.keys(STRIPE)) {
        expect(() => loadEnv({ ...STRIPE, [name]: undefined })).toThrow(message(name));
      }
      expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_never_echoed' })).toThrow(
        message('STRIPE_PUBLISHABLE_KEY'),
      );
      expect(() => loadEnv({ STRIPE_PUBLISHABLE_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: ' ' })).toThrow(
        message('STRIPE_SECRET_KEY'),
      );
      expect(() => loadEnv({ ...STRIPE, STRIPE_API_URL: 'api.stripe.com' })).toThrow(
        'Invalid STRIPE_API_URL="api.stripe.com": expected a URL starting with http:// or https://',
      );
    });
  });
});
