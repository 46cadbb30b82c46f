import {
  changeRequestResponseSchema,
  changeRequestSchema,
  myOrdersQuerySchema,
  myOrdersResponseSchema,
  orderIdQuerySchema,
  pricesRequestSchema,
  pricesResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS, TAGS } from '../../../lib/route-schema.ts';
import type { SignedInRoutes } from '../../auth/signed-in.ts';
import { optionalServiceOf } from './optional-service.ts';
import { type BillingDeps, deleteOrder, myOrders, placeOrder } from './orders.service.ts';
import { prices } from './prices.service.ts';

// Buying a plan (document 2, sections 3-5 and 7): prices, the order, withdrawing it, the orders list.

const tags = TAGS.subscription;

export const ordersRoutes: SignedInRoutes = async (app) => {
  const { brand } = app.ctx;
  const deps: BillingDeps = {
    ...app.ctx,
    optionalService: optionalServiceOf(app.ctx.env.BRAND, app.ctx.env.OPTIONAL_SERVICE),
  };

  app.post(
    apiPaths.subscriptionPrices,
    {
      schema: {
        tags,
        summary:
          'What a plan costs the user now: plan, tracker, optional service, coupon, proration credit, total',
        body: pricesRequestSchema,
        response: { 200: pricesResponseSchema, ...SIGNED_IN_ERRORS, ...errorResponses(409, 476) },
      },
    },
    async (request) =>
      prices(
        deps.db,
        brand,
        deps.env.VAT_RATE_PERCENT,
        {
          userId: request.user.id,
          productId: request.body.product_id,
          payType: request.body.pay_type,
          couponId: request.body.coupon_id,
          optionalService: request.body.optional_service,
          anotherTracker: request.body.another_tracker,
        },
        deps.clock(),
        deps.optionalService,
      ),
  );

  app.post(
    apiPaths.changeRequest,
    {
      schema: {
        tags,
        summary: 'Order a plan: a pending order and its payment, confirmed in the browser with the secret',
        body: changeRequestSchema,
        response: {
          200: changeRequestResponseSchema,
          ...SIGNED_IN_ERRORS,
          ...errorResponses(409, 434, 476, 480, 503),
        },
      },
    },
    async (request) => placeOrder(deps, request.user, request.body),
  );

  app.delete(
    apiPaths.orderDelete,
    {
      schema: {
        tags,
        summary: 'Withdraw the own pending order',
        querystring: orderIdQuerySchema,
        response: { 204: z.null(), ...SIGNED_IN_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await deleteOrder(deps, request.user.id, request.query.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.myOrders,
    {
      schema: {
        tags,
        summary: 'The own orders, newest first (canceled ones left out); 204 when there are none',
        querystring: myOrdersQuerySchema,
        response: { 200: myOrdersResponseSchema, 204: z.null(), ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const page = await myOrders(deps.db, request.user.id, request.query);
      return page ?? reply.status(204).send(null);
    },
  );
};
