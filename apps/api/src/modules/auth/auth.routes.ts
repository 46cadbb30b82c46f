import {
  errorBodySchema,
  messageSchema,
  passwordResetSchema,
  publicConfigSchema,
  sendVerificationSchema,
  signUpResponseSchema,
  signUpSchema,
  verifyCodeResponseSchema,
  verifyCodeSchema,
} from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { optionalUser, requireUser } from './auth.plugin.ts';
import {
  type AuthDeps,
  requestPasswordReset,
  resendVerification,
  signUp,
  verifyCode,
  verifyEmail,
} from './auth.service.ts';

// The spec's account calls that do not need a profile: sign-up, code check, verification and reset mails,
// and the public configuration. Sign-in, sign-out and the token flows are better-auth's, under /api/auth.

const tags = ['auth'];
/** OpenAPI: either credential is accepted. */
const security: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    env: app.env,
    db: app.database.db,
    auth: app.auth,
    jobs: app.jobs,
    clock: app.clock,
  };

  app.get(
    '/v1/config',
    { schema: { tags, summary: 'Public configuration', response: { 200: publicConfigSchema } } },
    async () => ({
      brand: app.env.BRAND,
      google: Boolean(app.env.GOOGLE_CLIENT_ID && app.env.GOOGLE_CLIENT_SECRET),
    }),
  );

  app.post(
    '/v1/auth/signup',
    {
      config: { rateLimit: LIMITS.signUp },
      schema: {
        tags,
        summary: 'Register (activation code optional by brand)',
        body: signUpSchema,
        response: {
          201: signUpResponseSchema,
          ...errors,
          409: errorBodySchema,
          433: errorBodySchema,
          470: errorBodySchema,
          471: errorBodySchema,
          476: errorBodySchema,
          478: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(deps, request.body)),
  );

  app.post(
    '/v1/auth/verifycode',
    {
      config: { rateLimit: LIMITS.verifyCode },
      schema: {
        tags,
        summary: 'Check an activation code (and GPS tracker id on tier-fritz)',
        body: verifyCodeSchema,
        response: {
          200: verifyCodeResponseSchema,
          ...errors,
          409: errorBodySchema,
          433: errorBodySchema,
          470: errorBodySchema,
          471: errorBodySchema,
          476: errorBodySchema,
          478: errorBodySchema,
        },
      },
    },
    async (request) => verifyCode(deps, request.body),
  );

  app.post(
    '/v1/auth/verifyemail',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'After sign-in: "default" means hold the user on activate-product',
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => verifyEmail(deps, request.user!.id),
  );

  app.post(
    '/v1/auth/verification/sendemail',
    {
      onRequest: optionalUser,
      config: { rateLimit: LIMITS.sendMail },
      schema: {
        tags,
        summary: 'Send the verification mail again (signed-in user or given address)',
        body: sendVerificationSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const email = request.body.email ?? request.user?.email;
      if (!email) throw badRequest({ email: 'Email_Error' });
      await resendVerification(deps, email);
      return { message: 'sent' };
    },
  );

  app.post(
    '/v1/auth/password/reset',
    {
      config: { rateLimit: LIMITS.sendMail },
      schema: {
        tags,
        summary: 'Send a password reset mail (same answer for unknown addresses)',
        body: passwordResetSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email);
      return { message: 'sent' };
    },
  );
};
