import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CreatedUser, uniqueEmail } from '../../src/testing/user-factory.ts';
import { linksIn, type SmtpSink, sentTo } from './smtp-sink.ts';
import { ORIGIN, type TestApp } from './test-app.ts';

// Accounts made the way a user makes them: sign-up through the API, the link from the mail over SMTP,
// sign-in through better-auth. For the tests of those flows (sign-up, verification, sign-in, mail); a test
// that only needs a signed-in user takes one from the factory, `t.user()` (test-app.ts). Each helper call
// uses its own client address, so the per-address rate limits only bite in the tests that aim for them.

export { uniqueEmail };

let counter = 0;

/** A client address no other call in this process used. */
export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** The Cookie header a browser would send back after these Set-Cookie headers (expired ones dropped). */
export function cookieHeader(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list
    .filter((c) => !/max-age=0\b/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** GET a link from a mail (an absolute URL on the portal) through the app. */
export function follow(app: FastifyInstance, link: string, headers: Record<string, string> = {}) {
  const url = new URL(link);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
}

/** The first link in the newest mail to `email` whose path contains `pathPart`. */
export async function mailLink(sink: SmtpSink, email: string, pathPart: string): Promise<string> {
  const mail = await sink.waitFor((m) => sentTo(email)(m) && linksIn(m).some((l) => l.includes(pathPart)));
  const link = linksIn(mail).find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in mail to ${email}`);
  return link;
}

/** Asks for a password reset as the web does (POST /v1/auth/password/reset) and returns the mail link's token. */
export async function resetToken(
  app: FastifyInstance,
  sink: SmtpSink,
  email: string,
): Promise<string | null> {
  const asked = await app.inject({
    method: 'POST',
    url: '/v1/auth/password/reset',
    remoteAddress: nextIp(),
    payload: { email },
  });
  if (asked.statusCode !== 200) throw new Error(`password reset asked: ${asked.statusCode} ${asked.body}`);
  const landing = await follow(app, await mailLink(sink, email, '/api/auth/reset-password/'));
  return new URL(landing.headers.location as string).searchParams.get('token');
}

export interface SignUpOptions {
  name?: string;
  email?: string;
  password?: string;
  language?: 'en' | 'de';
  activation_code?: string | null;
  tracker_ids?: string[];
  ip?: string;
}

export function signUpRequest(app: FastifyInstance, options: SignUpOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    remoteAddress: options.ip ?? nextIp(),
    payload: {
      name: options.name ?? 'Test Owner',
      email: options.email ?? uniqueEmail(),
      password: options.password ?? 'secret-pass-1',
      language: options.language ?? 'en',
      activation_code: options.activation_code ?? null,
      product_associated: false,
      ...(options.tracker_ids ? { tracker_ids: options.tracker_ids } : {}),
    },
  });
}

/** A POST to better-auth as the web app sends one: with its Origin, from a client address of its own. */
function betterAuthPost(app: FastifyInstance, path: string, payload: object, ip: string) {
  return app.inject({ method: 'POST', url: `/api/auth${path}`, remoteAddress: ip, headers: ORIGIN, payload });
}

export function signInRequest(
  app: FastifyInstance,
  body: { email: string; password: string; rememberMe?: boolean; callbackURL?: string },
  ip = nextIp(),
) {
  return betterAuthPost(app, '/sign-in/email', body, ip);
}

/** POST /api/auth/reset-password as the web's reset page sends it: the token from the mail, a new password. */
export function resetPasswordRequest(
  app: FastifyInstance,
  body: { token: string | null; newPassword: string },
  ip = nextIp(),
) {
  return betterAuthPost(app, '/reset-password', body, ip);
}

/** A signed-in user: the factory's, or one made through the flows here (the same fields). */
export type TestUser = CreatedUser;

/** Signs in and returns the browser cookie and the bearer token of the new session. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  rememberMe = true,
): Promise<{ cookie: string; token: string; response: LightMyRequestResponse }> {
  const response = await signInRequest(app, { email, password, rememberMe });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookieHeader(response), token: response.json<{ token: string }>().token, response };
}

/** Sign-up through the API, the verification link from the mail, then sign-in. */
export async function signUpAndVerify(t: TestApp, options: SignUpOptions = {}): Promise<TestUser> {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? 'secret-pass-1';
  const name = options.name ?? 'Test Owner';
  const created = await signUpRequest(t.app, { ...options, email, password, name });
  if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.statusCode} ${created.body}`);
  const verified = await follow(t.app, await mailLink(t.sink, email, '/api/auth/verify-email'));
  if (verified.statusCode !== 302)
    throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const { cookie, token } = await signIn(t.app, email, password);
  return { id: created.json<{ id: string }>().id, name, email, password, cookie, token };
}

/** Headers that authenticate as this user: the browser's cookie (with Origin) or a bearer token. */
export function as(
  user: Pick<TestUser, 'cookie' | 'token'>,
  via: 'cookie' | 'bearer' = 'cookie',
): Record<string, string> {
  return via === 'cookie' ? { cookie: user.cookie, ...ORIGIN } : { authorization: `Bearer ${user.token}` };
}

/**
 * A user made by sign-up through the API (its brand rules, activation code and tracker), then marked verified
 * and given a session without the mail round trip: for tests of what sign-up with a code or tracker does.
 * Any other signed-in user comes from the factory, `t.user()`.
 */
export async function quickUser(t: TestApp, options: SignUpOptions = {}): Promise<TestUser> {
  const email = (options.email ?? uniqueEmail('quick')).toLowerCase();
  const password = options.password ?? 'secret-pass-1';
  const name = options.name ?? 'Quick Owner';
  const created = await signUpRequest(t.app, { ...options, email, password, name });
  if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.statusCode} ${created.body}`);
  const id = created.json<{ id: string }>().id;
  const context = await t.app.ctx.auth.$context;
  await context.internalAdapter.updateUser(id, { emailVerified: true });
  const session = await context.internalAdapter.createSession(id);
  return { id, name, email, password, cookie: '', token: session.token };
}
