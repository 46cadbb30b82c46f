import { isErrorTextKey } from '@pet/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { internalError, rateLimited, serviceUnavailable } from '../../../lib/errors.ts';
import { sendError, sendErrorBody } from '../../../lib/send-error.ts';
import { hashLane, KNOWN, unknownFrom } from '../passwords/hash-pool.ts';
import { CLIENT_IP_HEADER } from './better-auth.ts';
import { betterAuthErrorBody } from './better-auth-errors.ts';

// better-auth under /api/auth/*: each request goes to its handler as a Web Request, the Response comes back
// with every Set-Cookie; its refusals and faults take the API's `{ code, message, fields }` shape.

/**
 * Headers that can name the client's address. Anyone can send them, so they never reach better-auth;
 * it reads the address only from CLIENT_IP_HEADER, set from Fastify's `request.ip`.
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
];

export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  for (const name of FORWARDING_HEADERS) headers.delete(name);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The body goes to better-auth exactly as the client sent it; it parses and validates it itself. */
export function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** The request as a Web Request to better-auth; its Response, not yet sent (`sendAuthResponse`). */
export function askBetterAuth(request: FastifyRequest): Promise<Response> {
  const app = request.server;
  const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
  return app.ctx.auth.handler(
    new Request(new URL(request.url, new URL(app.ctx.env.PUBLIC_URL).origin), {
      method: request.method,
      headers: authHeaders(request),
      body,
    }),
  );
}

/** better-auth's Response back to the client, every Set-Cookie included (and `extraCookies` of our own). */
export async function sendAuthResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  extraCookies: string[] = [],
) {
  const retryAfter = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after'));
  const waitSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (response.status === 429) return sendError(reply, rateLimited(waitSeconds));
  if (response.status === 503 && waitSeconds) {
    // The password hash pool is full (hash-pool.ts) or the database is away: better-auth passes its text on.
    const { message } = (await response.json().catch(() => ({}))) as { message?: unknown };
    const text = typeof message === 'string' && isErrorTextKey(message) ? message : 'Server_Down_Text';
    return sendError(reply, serviceUnavailable(text, 503, waitSeconds));
  }
  if (response.status >= 500) {
    request.log.error({ status: response.status }, 'auth request failed');
    return sendError(reply, internalError());
  }
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === 'transfer-encoding') continue;
    reply.header(name, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.status(response.status);
  const payload = Buffer.from(await response.arrayBuffer());
  if (response.status >= 400) {
    // better-auth's own refusals in the API's `{ code, message, fields }` shape (better-auth-errors.ts).
    reply.header('content-type', 'application/json; charset=utf-8');
    return sendErrorBody(reply, response.status, betterAuthErrorBody(response.status, payload));
  }
  return reply.send(payload.length > 0 ? payload : undefined);
}

/**
 * The calls that set a password hash it only after a proof better-auth checks first (a reset token, a
 * session and the current password): known in the hash pool, so a flood of strangers' sign-ins never keeps
 * an owner from resetting or changing a password (hash-pool.ts).
 */
const PROVEN_PASSWORD_PATHS = new Set(['/api/auth/reset-password', '/api/auth/change-password']);

/** Every /api/auth call but sign-in (sign-in.route.ts), relayed as it came. */
export async function betterAuthRoutes(app: FastifyInstance) {
  rawBodies(app);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { rateLimit: false },
    async handler(request, reply) {
      const path = new URL(request.url, 'http://relay').pathname;
      const lane = PROVEN_PASSWORD_PATHS.has(path) ? KNOWN : unknownFrom(request.ip);
      await sendAuthResponse(request, reply, await hashLane.run(lane, () => askBetterAuth(request)));
      return reply;
    },
  });
}
