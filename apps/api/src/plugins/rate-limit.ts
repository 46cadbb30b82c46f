import rateLimit from '@fastify/rate-limit';
import { PUBLIC_EMERGENCY_LIMIT } from '@pet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { postgresRateLimitStore } from './rate-limit-store.ts';

// Per-address limits for the /v1 calls that create accounts, send mail or test codes (better-auth limits its
// own /api/auth calls, in its table). Keyed on `request.ip`, which honours TRUST_PROXY. The counters are in
// the database (rate-limit-store.ts), so N processes allow what one allows; a 429 answers
// `{ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' }` through the error handler.

const MINUTE = 60_000;

/** RATE_LIMIT_SCALE multiplies every limit (a load test, or the e2e suite signing up many users from one address). */
export const scaled = (max: number) => (request: FastifyRequest) =>
  max * request.server.ctx.env.RATE_LIMIT_SCALE;

/** Route `config.rateLimit` values. */
export const LIMITS = {
  signUp: { max: scaled(5), timeWindow: 10 * MINUTE },
  verifyCode: { max: scaled(10), timeWindow: 10 * MINUTE },
  sendMail: { max: scaled(3), timeWindow: 5 * MINUTE },
  clientLog: { max: scaled(30), timeWindow: MINUTE },
  /** A signed-in password change checks the old password: few tries, so a stolen session cannot guess it. */
  passwordChange: { max: scaled(5), timeWindow: 10 * MINUTE },
  /** Public emergency downloads: guessing an emergency password at this rate is hopeless (issue 12). */
  publicEmergency: {
    max: scaled(PUBLIC_EMERGENCY_LIMIT.max),
    timeWindow: PUBLIC_EMERGENCY_LIMIT.windowMinutes * MINUTE,
  },
  /**
   * The account's export (issue 15): per signed-in user (the hook runs after the session check), since each
   * one reads every row and file of the account, or makes a job that does.
   */
  accountExport: {
    max: scaled(5),
    timeWindow: 60 * MINUTE,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `account-export:${request.user?.id ?? request.ip}`,
  },
  /** A prepared export's download by its link: only a read of one stored file, so more are allowed. */
  accountExportDownload: {
    max: scaled(30),
    timeWindow: 60 * MINUTE,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `account-export-download:${request.user?.id ?? request.ip}`,
  },
  /** The sandbox payment provider's public confirmation calls (Stripe limits its own). */
  sandboxPayment: { max: scaled(30), timeWindow: MINUTE },
} as const;

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    store: postgresRateLimitStore({ db: app.ctx.db, secret: app.ctx.authSecret, clock: app.ctx.clock }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
