import { signUpSchema } from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors.ts';
import { createUser } from '../../testing/user-factory.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { issueCoupon } from '../coupons/coupons.service.ts';
import { applyCode } from '../plans/activation.service.ts';
import { createBatch } from '../plans/codes.service.ts';
import { setUserProduct } from '../plans/membership.service.ts';
import { findProductByRef } from '../plans/products.repo.ts';
import { seedTokenMatches } from './seed-token.ts';

// Test-only: the e2e suite's users for journeys that need someone signed in, made the way the API tests make
// them (testing/user-factory.ts) instead of through sign-up, mail link and sign-in, which have journeys of
// their own. The e2e portals keep their database inside the server process, so seeding has to go through
// the server. app.ts registers this only when E2E_SEED_TOKEN is set, which loadEnv refuses with
// NODE_ENV=production; every call must carry that token, or the route answers as if it did not exist.

export const SEED_TOKEN_HEADER = 'x-e2e-seed-token';

const seededUserSchema = z.object({ id: z.string(), email: z.string() });

/** A coupon of the portal's brand, as the operator's CLI issues it: a percentage or an amount, once, for everyone. */
const seedCouponBody = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9-]{4,32}$/),
    percent_off: z.number().int().min(1).max(100).optional(),
    amount_off_cents: z.number().int().min(1).optional(),
  })
  .refine((c) => (c.percent_off === undefined) !== (c.amount_off_cents === undefined), {
    message: 'percent_off or amount_off_cents',
  });
const seededCouponSchema = z.object({ id: z.string(), code: z.string() });

/**
 * Sign-up's body, plus `plan`: a product key of the brand to put the user on directly (as the API tests'
 * factory does), for journeys that need a paid plan but not a code (the demo codes are few and shared by a run);
 * `gift_plan`: a product key to give the user as a gift, the way a redeemed gift code does (a one-code gift
 * batch of 12 months, issued and redeemed here, since the demo seed has no gift codes).
 */
const seedUserBody = signUpSchema.extend({
  plan: z.string().min(1).max(64).optional(),
  gift_plan: z.string().min(1).max(64).optional(),
});

/** A product key (or id) of the brand. */
const seedPlanBody = z.object({ plan: z.string().min(1).max(64) });
const seededPlanSchema = z.object({ product_id: z.string(), key: z.string() });

/** The session as the browser keeps it after signing in; the cookie names and values come from the factory. */
function sessionCookies(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => `${pair}; Path=/; HttpOnly; SameSite=Lax`);
}

export const e2eSeedRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  // Before the body is even read: without the token there is nothing here.
  app.addHook('onRequest', async (request, reply) => {
    if (!seedTokenMatches(request.headers[SEED_TOKEN_HEADER], token)) return reply.callNotFound();
  });

  /**
   * POST /__test/users: a verified user on the brand's default plan, on the product `plan` names, or on an
   * activation code's plan (the code, and a GPS tracker where the brand asks for one, redeemed as at
   * sign-up), signed in: the answer sets the session cookie.
   */
  app.post(
    '/__test/users',
    {
      schema: {
        hide: true,
        body: seedUserBody,
        response: { 201: seededUserSchema },
      },
    },
    async (request, reply) => {
      const { name, email, password, language, activation_code, tracker_ids, plan, gift_plan } = request.body;
      const user = await createUser(app.ctx, { name, email, password, language, plan });
      const { brand } = app.ctx;
      if (activation_code) await applyCode(app.ctx, user.id, { activation_code, tracker_ids });
      if (gift_plan) {
        const product = await findProductByRef(app.ctx.db, brand.partnerId, gift_plan);
        if (!product) throw badRequest({ gift_plan: 'Unknown' });
        const { codes } = await createBatch(app.ctx.db, {
          product,
          type: 'gift',
          months: null,
          validFrom: null,
          validTo: null,
          note: 'e2e gift',
          count: 1,
        });
        await applyCode(app.ctx, user.id, { activation_code: codes[0]!, tracker_ids });
      }
      return reply
        .status(201)
        .header('set-cookie', sessionCookies(user.cookie))
        .send({ id: user.id, email: user.email });
    },
  );

  /**
   * POST /__test/coupons: a coupon for every product of the brand, for the checkout journeys (the operator's
   * CLI cannot reach the portal's embedded database while it runs). 409 when the brand has the code already.
   */
  app.post(
    '/__test/coupons',
    {
      schema: {
        hide: true,
        body: seedCouponBody,
        response: { 201: seededCouponSchema },
      },
    },
    async (request, reply) => {
      const { code, percent_off, amount_off_cents } = request.body;
      const coupon = await issueCoupon(app.ctx.db, {
        partnerId: app.ctx.brand.partnerId,
        code,
        percentOff: percent_off ?? null,
        amountOffCents: amount_off_cents ?? null,
        duration: 'once',
        durationInMonths: null,
        productIds: [],
        validFrom: null,
        validTo: null,
        maxRedemptions: null,
        customerScope: 'all',
        note: 'e2e',
      });
      if (!coupon) throw conflict('Coupon_Exists');
      return reply.status(201).send({ id: coupon.id, code: coupon.code });
    },
  );

  /**
   * POST /__test/plan: puts the signed-in user (the cookie) on the product `plan` names, as the operator's
   * `users set-product` does, e.g. from a paid plan down to the free one: the portals have no settable
   * clock, so a journey cannot wait for a term to end.
   */
  app.post(
    '/__test/plan',
    {
      onRequest: requireUser,
      schema: {
        hide: true,
        body: seedPlanBody,
        response: { 200: seededPlanSchema },
      },
    },
    async (request) => {
      const { partnerId } = app.ctx.brand;
      const product = await findProductByRef(app.ctx.db, partnerId, request.body.plan);
      if (!product) throw badRequest({ plan: 'Unknown' });
      await setUserProduct(app.ctx.db, request.user!.id, product);
      return { product_id: product.id, key: product.key };
    },
  );
};
