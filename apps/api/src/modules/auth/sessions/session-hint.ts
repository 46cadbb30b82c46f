import { SESSION_HINT_COOKIE } from '@pet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { carriesCookie } from '../../../lib/cookies.ts';

// The signed-in hint (docs/decisions/0013-signed-in-hint-cookie.md): `pet.signed_in=1`, readable by the web
// app, travels with the HttpOnly session cookie so an anonymous visit knows it is signed out without asking
// GET /v1/auth/myinfo (whose 401 every browser logs as an error). One onSend hook is the one place that keeps
// the two together, whoever set the session cookie: better-auth under /api/auth (sign-in, one-time token,
// magic link, Google, sign-out), the session refresh of the request authentication (auth.plugin.ts), the
// e2e seed route. The hint is no credential: a forged one costs the forger one myinfo request.

/** Where a 401 is about the password typed, not about the session the request carries. */
const SIGN_IN_PATH = '/api/auth/sign-in/email';

interface CookieSet {
  value: string;
  /** The lifetime attributes, copied to the hint as they are (none: a browser-session cookie). */
  lifetime: string[];
  clears: boolean;
}

/** The session cookie in a Set-Cookie header line, if that line sets it. */
function sessionCookieIn(line: string, cookieName: string): CookieSet | null {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  if (eq === -1 || pair.slice(0, eq) !== cookieName) return null;
  const value = pair.slice(eq + 1);
  const lifetime = attributes.filter((a) => /^(max-age|expires)=/i.test(a));
  const maxAge = lifetime.find((a) => /^max-age=/i.test(a));
  const expires = lifetime.find((a) => /^expires=/i.test(a));
  const expired =
    (maxAge !== undefined && Number(maxAge.slice(8)) <= 0) ||
    (expires !== undefined && Date.parse(expires.slice(8)) <= Date.now());
  return { value, lifetime, clears: value === '' || expired };
}

function setCookieLines(reply: FastifyReply): string[] {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [String(header)]).map(String);
}

/** A page load (the browser asks for a document), not a call of the app or an asset. */
function isPageLoad(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

export function hintCookie(secure: boolean, set: { lifetime: string[] } | null): string {
  const common = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!set) return `${SESSION_HINT_COOKIE}=; Max-Age=0; ${common}`;
  return [`${SESSION_HINT_COOKIE}=1`, ...set.lifetime, common].join('; ');
}

async function sessionHintPlugin(app: FastifyInstance) {
  const cookieName = app.ctx.sessionCookieSigner.cookieName;
  const secure = app.ctx.env.PUBLIC_URL.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    const lines = setCookieLines(reply);
    const session = lines.map((line) => sessionCookieIn(line, cookieName)).find((found) => found !== null);
    let hint: string | undefined;
    if (session) {
      hint = hintCookie(secure, session.clears ? null : session);
    } else if (
      reply.statusCode === 401 &&
      carriesCookie(request, SESSION_HINT_COOKIE) &&
      request.url.split('?')[0] !== SIGN_IN_PATH
    ) {
      // The session the hint announces is gone (expired, revoked, its cookie lost): the next visit need not ask.
      hint = hintCookie(secure, null);
    } else if (
      isPageLoad(request) &&
      carriesCookie(request, cookieName) &&
      !carriesCookie(request, SESSION_HINT_COOKIE)
    ) {
      // A session cookie without the hint: one from before the hint existed (or a hint the user deleted).
      // The page load brings the hint back, until the browser closes; if the session is in fact gone, the
      // app's one myinfo probe answers 401, which clears both.
      hint = hintCookie(secure, { lifetime: [] });
    }
    // Fastify adds a Set-Cookie to those already there.
    if (hint) reply.header('set-cookie', hint);
    return payload;
  });
}

export default fp(sessionHintPlugin, { name: 'session-hint', dependencies: ['auth'] });
