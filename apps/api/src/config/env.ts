import { isAbsolute, resolve } from 'node:path';
import { BRAND_IDS, EXPORT_INLINE_MAX_BYTES, PAYMENT_PROVIDERS, type PaymentProviderName } from '@pet/shared';
import { z } from 'zod';
import { DIRECT_ACCEPT_SOCKETS, MAX_ACCEPT_SOCKETS } from '../lib/accept-sockets.ts';
import { readSellerFile, type Seller } from '../modules/billing/invoices/invoice-seller.ts';
import {
  type ConfiguredOptionalService,
  readOptionalServiceFile,
} from '../modules/billing/orders/optional-service.ts';

// Configuration is parsed once at start-up; a bad value stops the server with one line that names the
// variable and what is allowed, instead of failing later on first use.

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

/** The S3 settings besides S3_BUCKET; S3_ENDPOINT is optional (unset: AWS). */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_REQUIRED = new Set<string>(['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

const envBase = z.object({
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

/** Every variable the server reads (.env.example describes each: config/env-example.unit.test.ts). */
export const ENV_VARIABLES = Object.keys(envBase.shape);

const envSchema = envBase.superRefine((env, ctx) => {
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
      message: 'set together with its pair (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), or neither',
    });
  }
  // A route that makes signed-in users on request must never exist where real users are.
  if (env.E2E_SEED_TOKEN !== undefined && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['E2E_SEED_TOKEN'],
      message: 'no value when NODE_ENV=production (it turns on test-only seeding routes)',
    });
  }
  // Outbox mode (mails as files, links in the log) is for the operator's own machine: real users need mail.
  if (env.SMTP_URL === undefined && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'a value when NODE_ENV=production (without it, mails would only reach the log)',
    });
  }
  // Half an S3 configuration must not quietly fall back to the local disk, nor fail on the first upload.
  for (const name of S3_SETTINGS) {
    if (env.S3_BUCKET !== undefined && S3_REQUIRED.has(name) && env[name] === undefined) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'a value when S3_BUCKET is set' });
    }
    if (env.S3_BUCKET === undefined && env[name] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'no value without S3_BUCKET (files are kept under DATA_DIR/files)',
      });
    }
  }
  // Stripe needs all three keys; half a configuration must not quietly fall back to the sandbox.
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const stripeSet = stripeKeys.filter((name) => env[name] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < stripeKeys.length) {
    const missing = stripeKeys.find((name) => env[name] === undefined)!;
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'a value when any of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET is set',
    });
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && stripeSet.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'a value when PAYMENT_PROVIDER=stripe (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)',
    });
  }
  if (env.PAYMENT_PROVIDER === 'sandbox' && stripeSet.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: [stripeSet[0]!],
      message: 'no value when PAYMENT_PROVIDER=sandbox (one provider at a time)',
    });
  }
  if (env.NODE_ENV === 'production') productionRules(env, ctx);
  if (env.DEV_WEB_ORIGIN !== undefined && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_WEB_ORIGIN'],
      message: 'no value when NODE_ENV=production (it trusts the development server)',
    });
  }
});

type ParsedEnv = z.output<typeof envBase>;

/**
 * What a production start needs besides the checks for every start (issues 29, 30): its own secret and
 * address, a payment provider named, nothing of the demo. (Mail needs SMTP: checked above.) `npm start`
 * (development) keeps its defaults.
 */
function productionRules(env: ParsedEnv, ctx: z.RefinementCtx) {
  // Without it every data folder draws its own (secret.ts): two processes reject each other's cookies.
  if (env.AUTH_SECRET === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message:
        'a value when NODE_ENV=production: at least 32 characters, the same for every process (openssl rand -base64 48)',
    });
  }
  // Unset it would be http://localhost:PORT: every mail's link and the sign-in's origin check would be wrong.
  if (env.PUBLIC_URL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'a value when NODE_ENV=production: the address users open (https://...), the same for every process',
    });
  }
  const stripe = env.STRIPE_SECRET_KEY !== undefined;
  if (env.PAYMENT_PROVIDER === undefined && !stripe) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'stripe (with the STRIPE_* keys) when NODE_ENV=production, or sandbox on purpose: it confirms test cards for anyone',
    });
  }
  if (env.DEMO_CODES === 'true' || env.DEMO_CODES === '1') {
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_CODES'],
      message: 'false or no value when NODE_ENV=production (the demo codes are public, in the repository)',
    });
  }
}

export type Env = Omit<
  z.output<typeof envSchema>,
  'ACCEPT_SOCKETS' | 'DEMO_CODES' | 'INVOICE_SELLER_FILE' | 'OPTIONAL_SERVICE_FILE' | 'PAYMENT_PROVIDER'
> & {
  /** Sockets accepting on PORT: ACCEPT_SOCKETS, else 1 behind a proxy (TRUST_PROXY), 4 facing clients. */
  ACCEPT_SOCKETS: number;
  /** The optional service of OPTIONAL_SERVICE_FILE, checked; unset: the brand's own file. */
  OPTIONAL_SERVICE?: ConfiguredOptionalService;
  /** Stripe or the sandbox: PAYMENT_PROVIDER, else Stripe when its keys are set. */
  PAYMENT_PROVIDER: PaymentProviderName;
  /** The sandbox in production, set on purpose: every page and receipt says the payments are tests. */
  TEST_PAYMENTS: boolean;
  /** The seller of INVOICE_SELLER_FILE, checked; unset: the brand's own file. */
  INVOICE_SELLER?: Seller;
  PUBLIC_URL: string;
  DATA_DIR: string;
  /** Absolute; DATA_DIR/legal when unset. */
  LEGAL_DIR: string;
  /** Seed the brand's demo activation codes (db/seed/codes.<brand>.json) on start. */
  DEMO_CODES: boolean;
};

export class EnvError extends Error {}

/** Values that may hold credentials are never echoed back. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'E2E_SEED_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SANDBOX_WEBHOOK_SECRET',
]);

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = SECRET_VARIABLES.has(name) ? undefined : source[name];
    throw new EnvError(
      `Invalid ${name}${value === undefined ? '' : `="${value}"`}: expected ${issue.message}`,
    );
  }
  const { INVOICE_SELLER_FILE: seller, OPTIONAL_SERVICE_FILE: optionalService, ...env } = parsed.data;
  const provider: PaymentProviderName =
    env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY !== undefined ? 'stripe' : 'sandbox');
  return {
    ...env,
    PAYMENT_PROVIDER: provider,
    // Behind a proxy, its connections to the process are few and kept open (docs/operations.md, Listening).
    ACCEPT_SOCKETS: env.ACCEPT_SOCKETS ?? (env.TRUST_PROXY ? 1 : DIRECT_ACCEPT_SOCKETS),
    TEST_PAYMENTS: provider === 'sandbox' && env.NODE_ENV === 'production',
    ...(seller ? { INVOICE_SELLER: seller } : {}),
    ...(optionalService ? { OPTIONAL_SERVICE: optionalService } : {}),
    // The demo codes are public (they are in the repository), so a real deployment must never accept them:
    // on by default only for the embedded database outside production.
    DEMO_CODES:
      env.DEMO_CODES === undefined
        ? env.DATABASE_URL === undefined && env.NODE_ENV !== 'production'
        : env.DEMO_CODES === 'true' || env.DEMO_CODES === '1',
    DATA_DIR: isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(env.DATA_DIR),
    LEGAL_DIR: env.LEGAL_DIR ? resolve(env.LEGAL_DIR) : resolve(env.DATA_DIR, 'legal'),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
