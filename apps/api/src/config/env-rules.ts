import type { z } from 'zod';
import type { ParsedEnv } from './env-variables.ts';

// The variables together: pairs and sets that only work whole, one payment provider at a time, and what a
// production start refuses. Each rule names the variable to change, so the start fails on one line.

/** The S3 settings besides S3_BUCKET; S3_ENDPOINT is optional (unset: AWS). */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_REQUIRED = new Set<string>(['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

export function checkEnvRules(env: ParsedEnv, ctx: z.RefinementCtx) {
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
}

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
