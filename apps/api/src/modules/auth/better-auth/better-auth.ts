import { brandConfig, PASSWORD_MAX, PASSWORD_MIN, SESSION_LONG_SECONDS } from '@pet/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin, bearer, magicLink, oneTimeToken } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../../config/env.ts';
import type { Database } from '../../../db/client.ts';
import * as schema from '../../../db/schema/index.ts';
import { transactionAware } from '../../../db/transaction.ts';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';
import { type BackgroundTasks, createBackgroundTasks } from '../../../lib/background.ts';
import { boundedText } from '../../../lib/redact.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { findUserEmail } from '../auth.repo.ts';
import {
  authMails,
  MAGIC_LINK_VALID_MINUTES,
  RESET_VALID_MINUTES,
  VERIFICATION_VALID_HOURS,
} from '../mails/mails.ts';
import { COMMON_PASSWORD_ERROR, isCommonPassword } from '../passwords/common-passwords.ts';
import type { HashPool } from '../passwords/hash-pool.ts';
import { hashPassword, verifyPassword } from '../passwords/password.ts';
import { rehashOnSignIn } from '../passwords/password-rehash.ts';
import { sessionHooks } from '../sessions/session-hooks.ts';
import type { SignInThrottle } from '../throttles/sign-in-throttle.ts';
import { trustedOrigins } from './trusted-origins.ts';

// The better-auth instance: sign-in, sessions, verification, reset, magic link, one-time token (app-embedded
// mode), bearer tokens, admin ban, Google when configured. Mounted under /api/auth by auth.plugin.ts.

/** Set by auth.plugin.ts from Fastify's `request.ip` (which honours TRUST_PROXY); any client copy is dropped. */
export const CLIENT_IP_HEADER = 'x-pet-client-ip';

/** The message a banned user's sign-in answers with (code BANNED_USER): a text key the web shows as is. */
export const BANNED_MESSAGE = 'Access_Revoked_Text';

/**
 * Paths answered 404 over HTTP; the server still calls them through `auth.api`. Sign-up goes through
 * POST /v1/auth/signup (brand rules, activation codes); profile changes through /v1/auth/modify.
 */
export const DISABLED_AUTH_PATHS = ['/sign-up/email', '/update-user', '/change-email', '/delete-user'];

/**
 * Per client address and path, stricter than better-auth's defaults (3 per 10 s) for the calls that guess
 * passwords or send mail. (/sign-up/email is closed over HTTP; its rule stands should it ever reopen.)
 */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 5 },
  '/sign-up/email': { window: 60, max: 3 },
  '/request-password-reset': { window: 300, max: 3 },
  '/send-verification-email': { window: 300, max: 3 },
  '/sign-in/magic-link': { window: 300, max: 3 },
  '/magic-link/verify': { window: 60, max: 10 },
  '/one-time-token/verify': { window: 60, max: 10 },
} as const;

export interface CreateAuthOptions {
  env: Env;
  database: Database;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  /** Where mails are sent from; the caller drains it on shutdown. */
  tasks?: BackgroundTasks;
  /** Runs every password hash and check (hash-pool.ts). */
  hashPool: HashPool;
  /** Cleared when the password is set anew (reset, change): sign-in-throttle.ts. */
  throttle?: SignInThrottle;
  /** The secret that signs sessions (secret.ts), resolved once by the container. */
  secret: string;
}

/** better-auth calls that set a new password, and the body field that holds it. */
const NEW_PASSWORD_PATHS = new Set(['/reset-password', '/change-password']);

function newPasswordOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null
    ? (body as { newPassword?: unknown }).newPassword
    : undefined;
}

/** A common password refused like a field error of the /v1 routes (the web form shows it at the field). */
function commonPasswordError(): APIError {
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: 'Bad_Request_Text',
    fields: { password: COMMON_PASSWORD_ERROR },
  });
}

/** The longest message of better-auth's a log line keeps. */
const LOGGED_MESSAGE_CHARS = 1_000;

function betterAuthLogger(env: Env, log: FastifyBaseLogger | undefined) {
  return {
    disabled: !log || env.LOG_LEVEL === 'silent',
    level: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? ('debug' as const) : ('warn' as const),
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      // Bounded and redacted: better-auth quotes what the caller sent ("Invalid callbackURL: <url>"), and one
      // fuzzed sign-in wrote a line of 300,114 characters (issue 47).
      log?.[level](
        { ...(err ? { err } : {}), source: 'better-auth' },
        boundedText(message, LOGGED_MESSAGE_CHARS),
      );
    },
  };
}

export function createAuth(options: CreateAuthOptions) {
  const { env, database, mailer, log, hashPool, throttle } = options;
  const tasks =
    options.tasks ??
    createBackgroundTasks((err, task) => log?.error({ err, task }, 'background task failed'));
  const brand = brandConfig(env.BRAND);
  const db = transactionAware(database.db);
  const mails = authMails(env, mailer, tasks);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            // New accounts need the brand's sign-up rules (closed brand, tracker id): existing users only.
            disableSignUp: brand.signupClosed || brand.requiresTracker,
          },
        }
      : undefined;

  return betterAuth({
    appName: brand.displayName,
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true, transaction: true }),
    telemetry: { enabled: false },
    logger: betterAuthLogger(env, log),
    disabledPaths: DISABLED_AUTH_PATHS,
    user: {
      additionalFields: {
        language: { type: 'string', required: false, defaultValue: 'en', input: true },
      },
    },
    session: {
      expiresIn: SESSION_LONG_SECONDS,
      updateAge: 24 * 60 * 60,
      // No cookie cache: a revoked session (sign-out, password change, ban) must stop working at once.
      cookieCache: { enabled: false },
      additionalFields: {
        rememberMe: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_VALID_MINUTES * 60,
      password: {
        hash: (password) => hashPool.run(() => hashPassword(password)),
        verify: (data) => hashPool.run(() => verifyPassword(data)),
      },
      async sendResetPassword({ user, url }) {
        mails.passwordReset(user, url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_VALID_HOURS * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        mails.verification(user, url);
      },
    },
    verification: { storeIdentifier: 'hashed' },
    ...(google ? { socialProviders: google } : {}),
    plugins: [
      bearer(),
      // App-embedded mode: the mobile app asks GET /one-time-token/generate (with its bearer token) and opens
      // the portal with the token; the portal POSTs /one-time-token/verify and gets the session cookie.
      oneTimeToken({ expiresIn: 3, storeToken: 'hashed' }),
      magicLink({
        expiresIn: MAGIC_LINK_VALID_MINUTES * 60,
        storeToken: 'hashed',
        // Accounts are only made by sign-up (brand rules, codes); a link for an unknown address is not sent.
        disableSignUp: true,
        async sendMagicLink({ email, url }, ctx) {
          const found = await ctx?.context.internalAdapter.findUserByEmail(email.toLowerCase());
          if (!found || (found.user as { banned?: boolean }).banned) return;
          mails.magicLink(found.user, url);
        },
      }),
      admin({ bannedUserMessage: BANNED_MESSAGE }),
    ],
    rateLimit: {
      // better-auth limits only in production by default; we want the same protection in every environment.
      enabled: true,
      storage: 'database',
      window: 10,
      max: 100 * env.RATE_LIMIT_SCALE,
      customRules: Object.fromEntries(
        Object.entries(AUTH_RATE_LIMITS).map(([path, rule]) => [
          path,
          { window: rule.window, max: rule.max * env.RATE_LIMIT_SCALE },
        ]),
      ),
    },
    databaseHooks: { session: sessionHooks(db) },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (NEW_PASSWORD_PATHS.has(ctx.path)) {
          const password = newPasswordOf(ctx.body);
          if (typeof password === 'string' && isCommonPassword(password)) throw commonPasswordError();
        }
        // A valid reset token proves the mailbox: its holder is the owner, whose wrong-password count ends
        // here (the throttle must never outlast a reset). Read before better-auth spends the token.
        if (ctx.path === '/reset-password' && throttle) {
          const token = (ctx.body as { token?: unknown } | undefined)?.token;
          if (typeof token !== 'string' || !token) return;
          const found = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
          const email =
            found && found.expiresAt > new Date() ? await findUserEmail(db, found.value) : undefined;
          if (email) await throttle.cleared(email);
        }
        // A changed password ends every other session, whatever the client asked for.
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // An endpoint that wraps the driver's error in its own 500 (getSession does, and with it every call
        // that needs a session): the wrapped cause still says the database is unavailable. Thrown as an
        // error that is not better-auth's, it leaves better-auth (onAPIError below) and answers 503.
        const returned = ctx.context.returned;
        if (isAPIError(returned) && returned.statusCode >= 500 && isDatabaseUnavailable(returned)) {
          throw new Error('database unavailable during a better-auth call', { cause: returned });
        }
        // A changed password (the current one checked) also ends the count of wrong ones.
        const changedBy = ctx.context.session?.user.email;
        if (ctx.path === '/change-password' && changedBy && !isAPIError(ctx.context.returned)) {
          await throttle?.cleared(changedBy);
        }
        // A signed-in password whose stored hash predates argon2id (or today's cost) gets a new hash. The
        // sign-in has already succeeded: a failure here is logged, not answered.
        const signedIn = ctx.context.newSession;
        const password = (ctx.body as { password?: unknown } | undefined)?.password;
        if (ctx.path !== '/sign-in/email' || !signedIn || typeof password !== 'string') return;
        try {
          await rehashOnSignIn(db, signedIn.user.id, password, (p) => hashPool.run(() => hashPassword(p)));
        } catch (err) {
          log?.error({ err }, 'password re-hash after sign-in failed');
        }
      }),
    },
    // Errors better-auth did not make itself (a driver's, a hook's) leave its handler instead of becoming a
    // bare 500 of its own: the API's error handler answers them, 503 when the database is unavailable
    // (db/unavailable.ts), and logs them without the SQL parameters (which better-call would print whole).
    onAPIError: { throw: true },
    advanced: {
      cookiePrefix: 'pet',
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      // better-auth skips its Origin/CSRF checks when NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Related rows in one query (a session with its user, a user with their accounts): relations in
      // db/schema/auth.ts. Halves the statements of getSession (the session check's slow path, auth.plugin.ts).
      database: { joins: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
