import type { Language } from '@pet/shared';
import { setRequestCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessRevoked, emailNotVerified, forbidden, unauthorized } from '../../lib/errors.ts';
import type { SessionCookieSigner } from '../../plugins/app-context.ts';
import { authHeaders, betterAuthRoutes } from './better-auth/auth-relay.ts';
import { trustedOrigins } from './better-auth/trusted-origins.ts';
import { signedCookieValue } from './sessions/cookie-signature.ts';
import { keepSessionAnswer } from './sessions/session-read.ts';
import { signInRoute } from './sign-in.route.ts';

// better-auth under /api/auth/*, and the request authentication of the /v1 routes: `requireUser` (the hook of
// the signed-in route group, signed-in.ts) or `optionalUser` resolves the session from the cookie or
// `Authorization: Bearer <session token>`.

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  language: Language;
  role: string;
}

export interface AuthSession {
  id: string;
  rememberMe: boolean;
  expiresAt: Date;
}

declare module 'fastify' {
  // A merged declaration repeats all of Fastify's type parameters; `user` reads the type provider's mark.
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    /** Always there on the routes of the signed-in group (signed-in.ts); elsewhere the user or null. */
    user: TypeProvider extends { readonly signedIn: true } ? AuthUser : AuthUser | null;
    authSession: AuthSession | null;
  }
}

/**
 * `Authorization: Bearer <session token>` as the signed session cookie, the way better-auth's bearer plugin
 * rewrites it, but without its cost: on every call the plugin signs the token and then verifies the
 * signature it has just made (two WebCrypto HMACs, each importing the key again, plus a copy of the
 * headers) before getSession verifies the cookie once more. Here the signature is one synchronous HMAC and
 * the Authorization header is removed from what better-auth sees, so the plugin has nothing left to do;
 * getSession still verifies the cookie and looks the session up exactly as before. Only a plain token (no
 * '.', what sign-in hands out) is converted: the plugin signs those unconditionally (`bearer()` without
 * `requireSignature`), so its own check always passes. Anything else (a pre-signed token, another scheme)
 * still reaches the plugin untouched.
 */
export function bearerAsSessionCookie(headers: Headers, signer: SessionCookieSigner): void {
  const token = plainBearerToken(headers.get('authorization') ?? undefined);
  if (!token) return;
  setRequestCookie(headers, signer.cookieName, signedCookieValue(token, signer.secret));
  headers.delete('authorization');
}

/** The token of `Authorization: Bearer <token>` when it is a plain one (no '.': what sign-in hands out). */
function plainBearerToken(authorization: string | undefined): string | undefined {
  if (authorization?.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = authorization.slice(7).trim();
  return token && !token.includes('.') ? token : undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  language?: unknown;
  role?: unknown;
  banned?: unknown;
  banExpires?: unknown;
};

/** getSession's answer, or the fast path's (the same fields). */
type SessionAnswer = {
  user: SessionUser;
  session: { id: string; rememberMe?: unknown; expiresAt: Date };
};

function isBanned(user: SessionUser): boolean {
  if (user.banned !== true) return false;
  const until = user.banExpires ? new Date(user.banExpires as string | Date).getTime() : Number.NaN;
  return Number.isNaN(until) || until > Date.now();
}

/** The signed-in user, or null. Throws only for a session that exists but must not be used. */
async function resolveUser(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  const { env, sessionLookup, sessionCookieSigner, auth } = request.server.ctx;
  const hasCookie = Boolean(request.headers.cookie);
  if (hasCookie && UNSAFE_METHODS.has(request.method)) {
    // Cookies ride along on cross-site requests; a foreign page must not act with them (SameSite=Lax and
    // JSON-only bodies already stop forms; this stops everything else that sends an Origin).
    const origin = request.headers.origin;
    if (origin && !trustedOrigins(env).includes(origin)) {
      throw forbidden();
    }
  }
  // The common case (a valid session, no refresh due) without better-auth's endpoint; getSession otherwise.
  const bearer = plainBearerToken(request.headers.authorization);
  // The route's read fused with the session check, where this request answers with it (session-read.ts).
  const configured = request.routeOptions.config.sessionRead;
  const read = configured?.applies(request) ? configured : undefined;
  const fast = bearer
    ? await sessionLookup.token(bearer, read)
    : await sessionLookup(request.headers.cookie ?? null, read);
  if (fast?.answer !== undefined) keepSessionAnswer(request, fast.answer);
  let found: SessionAnswer | undefined = fast;
  if (!found) {
    const sessionHeaders = authHeaders(request);
    bearerAsSessionCookie(sessionHeaders, sessionCookieSigner);
    const { headers, response } = await auth.api.getSession({
      headers: sessionHeaders,
      returnHeaders: true,
    });
    // A refresh re-sets the cookie with a later expiry; pass it on to browsers, not to bearer clients.
    if (hasCookie && !request.headers.authorization) {
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    }
    if (!response) return null;
    found = { user: response.user as SessionUser, session: response.session as SessionAnswer['session'] };
  }
  const { user, session } = found;

  const firebaseId = request.headers.firebaseid;
  if (firebaseId !== undefined && firebaseId !== user.id) throw unauthorized();
  if (isBanned(user)) {
    // A ban made outside the admin API (which revokes sessions itself) still ends every session now.
    const context = await auth.$context;
    await context.internalAdapter.deleteUserSessions(user.id);
    throw accessRevoked();
  }
  request.authSession = {
    id: session.id,
    rememberMe: session.rememberMe !== false,
    expiresAt: new Date(session.expiresAt),
  };
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    language: user.language === 'de' ? 'de' : 'en',
    role: typeof user.role === 'string' ? user.role : 'user',
  };
}

/** Route hook: 401 without a session, 403 EMAIL_NOT_VERIFIED for an unverified address. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await resolveUser(request, reply);
  if (!user) throw unauthorized();
  if (!user.emailVerified) {
    throw emailNotVerified();
  }
  request.user = user;
}

/** Route hook for calls that also work signed out: sets `request.user` when there is a usable session. */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.user = await resolveUser(request, reply);
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
  await app.register(betterAuthRoutes);
  await app.register(signInRoute);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
