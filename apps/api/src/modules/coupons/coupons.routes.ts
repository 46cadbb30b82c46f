import { couponCheckRequestSchema, couponCheckResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { couponRefused } from '../../lib/errors.ts';
import { errorResponses, TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { toCouponCheckResponse } from './coupons.mapper.ts';
import { checkCouponCode } from './coupons.service.ts';

// The coupon check of the checkout (document 2, section 7; issue 13 point 10).

export const couponsRoutes: SignedInRoutes = async (app) => {
  const { db, brand, clock } = app.ctx;

  app.post(
    apiPaths.couponIsValid,
    {
      // Codes can be guessed: as few tries per address as activation codes get.
      config: { rateLimit: LIMITS.verifyCode },
      schema: {
        tags: TAGS.subscription,
        summary: "Checks a coupon of this server's partner for the chosen product and period",
        description:
          "476 `{ code: COUPON_INVALID, message }` with the reason (the spec's coupon messages) when it cannot " +
          'be used. The signed-in account is the customer checked; `email` is validated but not used, so a ' +
          "check cannot tell anything about another address's orders.",
        body: couponCheckRequestSchema,
        response: { 200: couponCheckResponseSchema, ...errorResponses(400, 401, 403, 429, 476) },
      },
    },
    async (request) => {
      const { code_name, duration, product_id, coupon_for } = request.body;
      const result = await checkCouponCode(db, code_name, {
        partnerId: brand.partnerId,
        userId: request.user.id,
        productId: product_id,
        payType: duration,
        couponFor: coupon_for,
        now: clock(),
      });
      if (!result.ok) throw couponRefused(result.message);
      return toCouponCheckResponse(result.coupon);
    },
  );
};
