import {
  sandboxChallengeRequestSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { sandboxCheckoutRoutes } from './checkout.routes.ts';
import { answerChallenge, confirmIntent, type SandboxDeps } from './sandbox.service.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

// The sandbox's browser calls (public: the client secret authorises, as at Stripe). Registered only while
// the sandbox is the provider.

const tags = ['payments'];
const params = z.object({ id: z.string().trim().min(1).max(64) });

export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, options) => {
  const deps: SandboxDeps = { ...app.ctx, sandbox: options.sandbox };

  app.post(
    `${apiPaths.sandboxPaymentIntents}/:id/confirm`,
    {
      config: { rateLimit: LIMITS.sandboxPayment },
      schema: {
        tags,
        summary: 'Sandbox provider: confirm a payment with a test card or test IBAN (Stripe.js-like result)',
        params,
        body: sandboxConfirmRequestSchema,
        response: { 200: sandboxConfirmResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => confirmIntent(deps, request.params.id, request.body),
  );

  app.post(
    `${apiPaths.sandboxPaymentIntents}/:id/challenge`,
    {
      config: { rateLimit: LIMITS.sandboxPayment },
      schema: {
        tags,
        summary: "Sandbox provider: the simulated 3-D Secure page's answer",
        params,
        body: sandboxChallengeRequestSchema,
        response: { 200: sandboxConfirmResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => answerChallenge(deps, request.params.id, request.body),
  );

  await app.register(sandboxCheckoutRoutes, { sandbox: options.sandbox });
};
