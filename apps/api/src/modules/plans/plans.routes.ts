import {
  activateProductSchema,
  brandConfig,
  errorBodySchema,
  myInfoSchema,
  productListQuerySchema,
  productListResponseSchema,
} from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { myInfo } from '../account/account.service.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { applyCode, type PlansDeps } from './activation.service.ts';
import { productList } from './products.service.ts';

// The spec's plan calls (document 2, section 7): the product list and product activation by code.

const tags = ['subscription'];
/** OpenAPI: either credential is accepted. */
const security: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = brandConfig(app.env.BRAND);
  const deps: PlansDeps = { db: app.database.db, brand, jobs: app.jobs, clock: app.clock };

  app.get(
    '/v1/subscription/product/list',
    {
      schema: {
        tags,
        summary: "A partner's plans (this server's partner by default); public, a bearer is accepted",
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => productList(deps.db, request.query.partner_id ?? brand.partnerId),
  );

  app.post(
    '/v1/subscription/change/apply',
    {
      onRequest: requireUser,
      config: { rateLimit: LIMITS.verifyCode },
      schema: {
        tags,
        security,
        summary: 'Activate a product with a code (and GPS tracker id on tier-fritz)',
        description:
          '200: the new myinfo. 204: the user already holds that product through a code (nothing redeemed).',
        body: activateProductSchema,
        response: {
          200: myInfoSchema,
          204: z.null().describe('No_Content_Tex: the code would change nothing'),
          ...Object.fromEntries(
            [400, 401, 403, 409, 429, 470, 471, 476, 477, 478].map((status) => [status, errorBodySchema]),
          ),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      if ((await applyCode(deps, userId, request.body)) === 'unchanged') return reply.status(204).send(null);
      return myInfo(deps.db, brand, userId);
    },
  );
};
