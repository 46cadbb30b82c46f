import { apiPaths } from '@pet/shared/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { busy, rateLimited } from '../../lib/errors.ts';
import { sendError } from '../../lib/send-error.ts';
import { findUserByEmail } from './auth.repo.ts';
import { askBetterAuth, rawBodies, sendAuthResponse } from './better-auth/auth-relay.ts';
import { hashLane, isBusy, KNOWN, type Place, unknownFrom } from './passwords/hash-pool.ts';
import {
  type DeviceCookie,
  deviceCookieHeader,
  deviceThrottleKey,
  readDeviceCookie,
} from './throttles/device-cookie.ts';
import { THROTTLE } from './throttles/sign-in-throttle.ts';

// POST /api/auth/sign-in/email: better-auth's sign-in (relayed as every /api/auth call, with its per-address
// limit) with guards of its own in front (issue 9; issue 29 and decision 0016 for what replaced the global
// limit):
// - a browser holding the account's device cookie (device-cookie.ts) is known: it skips the per-account
//   throttle and goes first in the hash pool; its wrong passwords count against the cookie, and a cookie
//   that is itself throttled is no longer known;
// - everyone else meets the per-account throttle (sign-in-throttle.ts): while an address waits after wrong
//   passwords, its sign-in answers 429 with Retry-After without checking the password, right or wrong; and
//   waits in the hash pool in its network's lane.
// No limit counts all sign-ins together: a stranger's flood must never refuse everyone else.
// Wrong passwords (401) count, a successful sign-in clears the count it was under (a known browser's, or the
// account's), renews the device cookie, and the tenth wrong one in a row mails the owner (when the address has
// an account).

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

/** The device cookie, when it is this account's and not throttled itself. */
async function knownDevice(request: FastifyRequest, email: string | undefined): Promise<DeviceCookie | null> {
  const { sessionCookieSigner, throttle: signInThrottle, db } = request.server.ctx;
  const device = readDeviceCookie(sessionCookieSigner.secret, request.headers.cookie);
  if (!device || !email) return null;
  const owner = await findUserByEmail(db, email);
  if (owner?.id !== device.userId) return null;
  return (await signInThrottle.waitSeconds(deviceThrottleKey(device))) > 0 ? null : device;
}

async function countAttempt(
  request: FastifyRequest,
  email: string,
  device: DeviceCookie | null,
  status: number,
): Promise<void> {
  const { throttle: signInThrottle, authMails, db } = request.server.ctx;
  if (status === 200) {
    // The known browser clears only its own count: were the account's cleared too, every sign-in of the
    // owner would give the strangers guessing it a fresh set of free guesses.
    await signInThrottle.cleared(device ? deviceThrottleKey(device) : email);
    return;
  }
  if (status !== 401) return;
  if (device) {
    await signInThrottle.failed(deviceThrottleKey(device));
    return;
  }
  const failures = await signInThrottle.failed(email);
  if (failures !== THROTTLE.alertAfter) return;
  const owner = await findUserByEmail(db, email);
  if (owner) authMails.signInFailures(owner, failures);
}

/** The user a successful sign-in answer names (better-auth's `{ user: { id } }`). */
async function signedInUserId(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } } | null;
    return typeof body?.user?.id === 'string' ? body.user.id : undefined;
  } catch {
    return undefined;
  }
}

export async function signInRoute(app: FastifyInstance) {
  rawBodies(app);
  const secure = new URL(app.ctx.env.PUBLIC_URL).protocol === 'https:';
  app.route({
    method: 'POST',
    url: apiPaths.signInEmail,
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const email = emailOf(request.body);
      const device = await knownDevice(request, email);
      let place: Place;
      try {
        // Before any statement: under a flood most unknown attempts end here.
        place = app.ctx.hashPool.enter(device ? KNOWN : unknownFrom(request.ip));
      } catch (error) {
        if (!isBusy(error)) throw error;
        return sendError(reply, busy());
      }
      try {
        const wait = email && !device ? await app.ctx.throttle.waitSeconds(email) : 0;
        if (wait > 0) return sendError(reply, rateLimited(wait));
        const response = await hashLane.run(place.lane, () => askBetterAuth(request));
        place.leave();
        // Counted before the answer leaves: the client's next attempt already meets the new count.
        if (email) await countAttempt(request, email, device, response.status);
        const userId = response.status === 200 ? await signedInUserId(response) : undefined;
        const cookies = userId
          ? [deviceCookieHeader(app.ctx.sessionCookieSigner.secret, userId, { secure })]
          : [];
        await sendAuthResponse(request, reply, response, cookies);
      } finally {
        place.leave();
      }
      return reply;
    },
  });
}
