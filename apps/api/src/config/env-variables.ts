import { BRAND_IDS, EXPORT_INLINE_MAX_BYTES, PAYMENT_PROVIDERS } from '@pet/shared';
import { z } from 'zod';
import { MAX_ACCEPT_SOCKETS } from '../lib/accept-sockets.ts';
import { readSellerFile, type Seller } from '../modules/billing/invoices/invoice-seller.ts';
import {
  type ConfiguredOptionalService,
  readOptionalServiceFile,
} from '../modules/billing/orders/optional-service.ts';

// Each variable alone: what it may hold, its default, and the words after "expected" when it holds something
// else. Rules that tie variables to each other, or to NODE_ENV, are in env-rules.ts.

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const milliseconds = (min: number, max: number, fallback: number) => {
  const allowed = `a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce
    .number({ error: allowed })
    .int(allowed)
    .min(min, allowed)
    .max(max, allowed)
    .default(fallback);
};

/** true/false or 1/0, false when unset. */
const flag = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1');

export const envVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'a whole number from 0 to 65535' })
    .int('a whole number from 0 to 65535')
    .min(0, 'a whole number from 0 to 65535')
    .max(65535, 'a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().default('data'),
  // The operator's legal texts (imprint, terms, privacy) as <brand>/<en|de>/<document>.md; a file there
  // replaces the shipped placeholder (apps/api/legal) without a rebuild. Default: DATA_DIR/legal.
  LEGAL_DIR: optionalString,
  DATABASE_URL: z
    .union([url(['postgres:', 'postgresql:']), z.literal('memory://')], {
      error: 'a postgres:// or postgresql:// URL, or memory://',
    })
    .optional(),
  // How long one statement may run, and how long getting a connection may take, before the request answers
  // 503 instead of hanging with the database (PostgreSQL; the embedded database has no server to wait for).
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 600_000, 10_000),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 60_000, 5_000),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Pet Portal <no-reply@localhost>'),
  BRAND: z.enum(BRAND_IDS, { error: `one of ${BRAND_IDS.join(', ')}` }).default('petention'),
  AUTH_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  TRUST_PROXY: flag(),
  // Sockets accepting new connections on PORT (lib/accept-sockets.ts, decision 0020). Node takes in one new
  // connection per socket per turn of its event loop: where clients connect directly, a flood of new
  // connections would queue the owner's sign-in behind it in the kernel, and several sockets take them in
  // faster. A proxy that keeps its connections to the process open opens few: 1 is Fastify's own listen.
  // Default: 1 with TRUST_PROXY (a proxy is in front), else 4.
  ACCEPT_SOCKETS: z.coerce
    .number({ error: `a whole number from 1 to ${MAX_ACCEPT_SOCKETS}` })
    .int(`a whole number from 1 to ${MAX_ACCEPT_SOCKETS}`)
    .min(1, `a whole number from 1 to ${MAX_ACCEPT_SOCKETS}`)
    .max(MAX_ACCEPT_SOCKETS, `a whole number from 1 to ${MAX_ACCEPT_SOCKETS}`)
    .optional(),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: 'a whole number from 1 to 1000' })
    .int('a whole number from 1 to 1000')
    .min(1, 'a whole number from 1 to 1000')
    .max(1000, 'a whole number from 1 to 1000')
    .default(1),
  DEMO_CODES: z.enum(['true', 'false', '1', '0'], { error: 'true or false' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Set by `npm run dev` only: the Vite dev server's origin, trusted for cookie-authenticated calls (it and its
  // localhost / 127.0.0.1 twin). `npm start` leaves it unset, whatever NODE_ENV says.
  DEV_WEB_ORIGIN: url(['http:', 'https:']).optional(),
  // GET /metrics (Prometheus): with it, scrapers send it as a bearer token; without it only a client on this
  // machine is answered (modules/metrics/metrics.routes.ts).
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
  // On SIGTERM, how long /readyz answers 503 while requests are still served, before the process stops
  // taking them: a health-checking proxy needs that long to stop sending (two of its check intervals).
  // Default: 3 s in production, none elsewhere.
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'milliseconds from 0 to 60000' })
    .int('milliseconds from 0 to 60000')
    .min(0, 'milliseconds from 0 to 60000')
    .max(60_000, 'milliseconds from 0 to 60000')
    .optional(),
  // Unknown clients' password hashes (sign-in, sign-up) waiting for a hashing core; beyond it the newest of the
  // busiest network answers 503 (modules/auth/passwords/hash-pool.ts). Default: twice the cores, at least 4.
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ error: 'a whole number from 0 to 10000' })
    .int('a whole number from 0 to 10000')
    .min(0, 'a whole number from 0 to 10000')
    .max(10_000, 'a whole number from 0 to 10000')
    .optional(),
  // Files in an S3-compatible bucket instead of DATA_DIR/files when S3_BUCKET is set (storage/create-storage.ts).
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3 to 63 lowercase letters, digits, dots, hyphens',
    )
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag(),
  // Payments (issue 13): Stripe when STRIPE_SECRET_KEY is set (with its publishable key and webhook secret),
  // else the offline sandbox provider. STRIPE_API_URL points the SDK at another host (the tests' fake Stripe).
  // PAYMENT_PROVIDER names it: a production start needs it (or the Stripe keys), since the sandbox confirms
  // test cards for anyone (issue 29); with `sandbox` every page and receipt says the payments are tests.
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS, { error: `one of ${PAYMENT_PROVIDERS.join(', ')}` }).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: url(['http:', 'https:']).optional(),
  // The sandbox signs its events like Stripe; unset: a secret drawn at start (events are delivered in-process).
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  // How long a sandbox SEPA debit stays "processing" before it succeeds or fails (real ones take days).
  SANDBOX_SEPA_SETTLE_MS: milliseconds(0, 7 * 24 * 3_600_000, 60_000),
  // VAT included in every price, in percent (invoices show it).
  VAT_RATE_PERCENT: z.coerce
    .number({ error: 'a number from 0 to 100' })
    .min(0, 'a number from 0 to 100')
    .max(100, 'a number from 0 to 100')
    .default(19),
  // The seller invoices name (company, address, VAT id, register, managing director): a JSON file that
  // replaces the brand's placeholder (modules/billing/invoices/sellers/<brand>.json); read and checked here, at boot.
  INVOICE_SELLER_FILE: z
    .string()
    .trim()
    .transform((path, ctx): Seller => {
      try {
        return readSellerFile(path);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // The optional service the checkout offers (spec 2 section 9): a JSON file that replaces the brand's
  // (modules/billing/orders/optional-services/<brand>.json; `"optional_service": null` offers none); checked at boot.
  OPTIONAL_SERVICE_FILE: z
    .string()
    .trim()
    .transform((path, ctx): ConfiguredOptionalService => {
      try {
        return readOptionalServiceFile(path);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // An account export whose files add up to more than this is prepared by a job and mailed as a link
  // instead of streamed at once (issue 15); tests set it low to reach that path.
  EXPORT_INLINE_MAX_BYTES: z.coerce
    .number({ error: 'a whole number of bytes from 0 to 10000000000' })
    .int('a whole number of bytes from 0 to 10000000000')
    .min(0, 'a whole number of bytes from 0 to 10000000000')
    .max(10_000_000_000, 'a whole number of bytes from 0 to 10000000000')
    .default(EXPORT_INLINE_MAX_BYTES),
  // Turns on the e2e suite's seeding routes (modules/e2e-seed), which make users without the sign-up flow.
  E2E_SEED_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
});

/** The variables as parsed, before env-rules.ts has looked at them together and env.ts fills in defaults. */
export type ParsedEnv = z.output<typeof envVariables>;
