import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Per-address limits for the /v1 calls that create accounts, send mail or test codes (better-auth limits its
// own /api/auth calls). Keyed on `request.ip`, which honours TRUST_PROXY. Counters live in this process;
// a 429 answers `{ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' }` through the error handler.

const MINUTE = 60_000;

/** Route `config.rateLimit` values. */
export const LIMITS = {
  signUp: { max: 5, timeWindow: 10 * MINUTE },
  verifyCode: { max: 10, timeWindow: 10 * MINUTE },
  sendMail: { max: 3, timeWindow: 5 * MINUTE },
  clientLog: { max: 30, timeWindow: MINUTE },
} as const;

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
