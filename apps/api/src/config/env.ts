import { isAbsolute, resolve } from 'node:path';
import type { PaymentProviderName } from '@pet/shared';
import type { z } from 'zod';
import { DIRECT_ACCEPT_SOCKETS } from '../lib/accept-sockets.ts';
import type { Seller } from '../modules/billing/invoices/invoice-seller.ts';
import type { ConfiguredOptionalService } from '../modules/billing/orders/optional-service.ts';
import { checkEnvRules } from './env-rules.ts';
import { envVariables } from './env-variables.ts';

// Configuration is parsed once at start-up; a bad value stops the server with one line that names the
// variable and what is allowed, instead of failing later on first use.

/** Every variable the server reads (.env.example describes each: config/env-example.unit.test.ts). */
export const ENV_VARIABLES = Object.keys(envVariables.shape);

const envSchema = envVariables.superRefine(checkEnvRules);

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
