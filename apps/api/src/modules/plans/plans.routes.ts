import {
  activateProductSchema,
  myInfoSchema,
  productListQuerySchema,
  productListResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { myInfo } from '../account/account.service.ts';
import { optionalUser } from '../auth/auth.plugin.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { applyCode } from './activation.service.ts';
import { productList } from './products.service.ts';

// The spec's plan calls (document 2, section 7): the product list (public) and product activation by code
// (signed in).

const tags = TAGS.subscription;

export const plansPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { brand } = app.ctx;

  app.get(
    apiPaths.productList,
    {
      // Signed in, the answer names the product of the caller's open order.
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "A partner's plans (this server's partner by default); public, a bearer is accepted",
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) =>
      productList(
        app.ctx.db,
        request.query.partner_id ?? brand.partnerId,
        request.user?.id ?? null,
        app.ctx.clock(),
      ),
  );
};

export const plansRoutes: SignedInRoutes = async (app) => {
  const deps = app.ctx;

  app.post(
    apiPaths.applyActivationCode,
    {
      config: { rateLimit: LIMITS.verifyCode },
      schema: {
        tags,
        summary: 'Activate a product with a code (and GPS tracker id on tier-fritz)',
        description:
          '200: the new myinfo. 204: the user already holds that product through a code (nothing redeemed).',
        body: activateProductSchema,
        response: {
          200: myInfoSchema,
          204: z.null().describe('No_Content_Tex: the code would change nothing'),
          ...errorResponses(400, 401, 403, 409, 429, 470, 471, 476, 477, 478),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      if ((await applyCode(deps, userId, request.body)) === 'unchanged') return reply.status(204).send(null);
      return myInfo(deps.db, deps.brand, userId);
    },
  );
};
