import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { findUserByEmail } from './auth.repo.ts';
import { askBetterAuth, rawBodies, sendAuthResponse } from './auth-relay.ts';
import { THROTTLE } from './sign-in-throttle.ts';

// POST /api/auth/sign-in/email: better-auth's sign-in (relayed as every /api/auth call) with two guards of
// its own in front (issue 9, found 4 and 5):
// - a limit on all sign-ins together (LIMITS.signInAll), on top of better-auth's per-address one, so a flood
//   from many addresses cannot keep every core hashing;
// - the per-account throttle (sign-in-throttle.ts): while an address waits after wrong passwords, its
//   sign-in answers 429 with Retry-After without checking the password, right or wrong.
// Wrong passwords (401) count, a successful sign-in clears the count, and the tenth wrong one in a row mails
// the owner (when the address has an account).

/** The address the client asked to sign in with, if the body names one. */
function emailOf(body: unknown): string | undefined {
  if (!(body instanceof Buffer) || body.length === 0 || body.length > 10_000) return undefined;
  try {
    const email = (JSON.parse(body.toString('utf8')) as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

async function countAttempt(request: FastifyRequest, email: string, status: number): Promise<void> {
  const { signInThrottle, authMails, database } = request.server;
  if (status === 200) return signInThrottle.cleared(email);
  if (status !== 401) return;
  const failures = await signInThrottle.failed(email);
  if (failures !== THROTTLE.alertAfter) return;
  const owner = await findUserByEmail(database.db, email);
  if (owner) authMails.signInFailures(owner, failures);
}

export async function signInRoute(app: FastifyInstance) {
  rawBodies(app);
  app.route({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    schema: { hide: true },
    config: { rateLimit: LIMITS.signInAll },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const email = emailOf(request.body);
      const wait = email ? await app.signInThrottle.waitSeconds(email) : 0;
      if (wait > 0) {
        return reply
          .status(429)
          .header('retry-after', String(wait))
          .send({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
      }
      const response = await askBetterAuth(request);
      // Counted before the answer leaves: the client's next attempt already meets the new count.
      if (email) await countAttempt(request, email, response.status);
      await sendAuthResponse(request, reply, response);
      return reply;
    },
  });
}
