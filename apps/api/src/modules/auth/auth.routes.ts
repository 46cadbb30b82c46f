import {
  changePasswordRequestSchema,
  messageSchema,
  passwordResetSchema,
  publicConfigSchema,
  sendVerificationSchema,
  signUpResponseSchema,
  signUpSchema,
  verifyCodeResponseSchema,
  verifyCodeSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { publicConfigOf } from '../../lib/public-config.ts';
import { errorResponses, TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { optionalUser } from './auth.plugin.ts';
import { requestPasswordReset, resendVerification, signUp, verifyCode, verifyEmail } from './auth.service.ts';
import { hashLane, KNOWN, unknownFrom } from './passwords/hash-pool.ts';
import { changePassword } from './passwords/password-change.ts';
import type { SignedInRoutes } from './signed-in.ts';

// The spec's account calls that do not need a profile: sign-up, code check, verification and reset mails,
// and the public configuration (public), and the after-sign-in check (signed in). Sign-in, sign-out and the
// token flows are better-auth's, under /api/auth.

const tags = TAGS.auth;
const errors = errorResponses(400, 401, 403, 429);
/** The activation code's refusals (sign-up and the code check). */
const codeErrors = errorResponses(409, 433, 470, 471, 476, 478);

export const authRoutes: SignedInRoutes = async (app) => {
  app.post(
    apiPaths.verifyEmail,
    {
      schema: {
        tags,
        summary: 'After sign-in: "default" means hold the user on activate-product',
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => verifyEmail(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.passwordChange,
    {
      config: { rateLimit: LIMITS.passwordChange },
      schema: {
        tags,
        summary: 'Change the password: the old one re-authenticates; every other session ends',
        body: changePasswordRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.authSession) throw unauthorized();
      const session = request.authSession;
      // Signed in: known in the hash pool (hash-pool.ts); its own limit keeps a stolen session from guessing.
      await hashLane.run(KNOWN, () => changePassword(app.ctx, request.user, session.id, request.body));
      return { message: 'changed' };
    },
  );
};

export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.config,
    { schema: { tags, summary: 'Public configuration', response: { 200: publicConfigSchema } } },
    async () => publicConfigOf(app.ctx.env),
  );

  app.post(
    apiPaths.signUp,
    {
      config: { rateLimit: LIMITS.signUp },
      schema: {
        tags,
        summary: 'Register (activation code optional by brand)',
        body: signUpSchema,
        response: {
          201: signUpResponseSchema,
          ...errors,
          ...codeErrors,
        },
      },
    },
    // Its password hash waits in the hash pool in the lane of the client's network (hash-pool.ts).
    async (request, reply) =>
      reply
        .status(201)
        .send(await hashLane.run(unknownFrom(request.ip), () => signUp(app.ctx, request.body))),
  );

  app.post(
    apiPaths.verifyCode,
    {
      config: { rateLimit: LIMITS.verifyCode },
      schema: {
        tags,
        summary: 'Check an activation code (and GPS tracker id on tier-fritz)',
        body: verifyCodeSchema,
        response: {
          200: verifyCodeResponseSchema,
          ...errors,
          ...codeErrors,
        },
      },
    },
    async (request) => verifyCode(app.ctx, request.body),
  );

  app.post(
    apiPaths.sendVerificationEmail,
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
      await resendVerification(app.ctx, email);
      return { message: 'sent' };
    },
  );

  app.post(
    apiPaths.passwordReset,
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
      await requestPasswordReset(app.ctx, request.body.email);
      return { message: 'sent' };
    },
  );
};
