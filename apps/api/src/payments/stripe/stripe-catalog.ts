import Stripe from 'stripe';
import type { StartPaymentInput } from '../provider.ts';

// The objects of ours a checkout needs at Stripe besides the plan's price: the coupon and the products of the
// one-time lines, each made on its first use under an id we choose.

/**
 * Makes a Stripe object whose id we choose, once: a repeated call within Stripe's 24 hours is answered by the
 * idempotency key, a later one by Stripe's "already exists", and either way the id is ours to reuse.
 */
async function createWithOurId(id: string, create: (options: Stripe.RequestOptions) => Promise<unknown>) {
  try {
    await create({ idempotencyKey: `${id}-create` });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists'))
      throw error;
  }
  return id;
}

/** Our coupon at Stripe, made on its first use there from our terms; its id (so its providerRef) is ours. */
export function ensureStripeCoupon(stripe: Stripe, coupon: NonNullable<StartPaymentInput['coupon']>) {
  if (coupon.providerRef) return coupon.providerRef;
  return createWithOurId(coupon.id, (options) =>
    stripe.coupons.create(
      {
        id: coupon.id,
        name: coupon.code,
        ...(coupon.percentOff !== null
          ? { percent_off: coupon.percentOff }
          : { amount_off: coupon.amountOffCents ?? 0, currency: 'eur' }),
        duration: coupon.duration as Stripe.CouponCreateParams.Duration,
        ...(coupon.duration === 'repeating' && { duration_in_months: coupon.durationInMonths ?? 1 }),
        metadata: { coupon_id: coupon.id },
      },
      options,
    ),
  );
}

/** The Stripe product the one-time tracker line is sold as (a one-time price needs a product at Stripe). */
const TRACKER_PRODUCT = 'pet_portal_gps_tracker';

export function ensureTrackerProduct(stripe: Stripe) {
  return createWithOurId(TRACKER_PRODUCT, (options) =>
    stripe.products.create({ id: TRACKER_PRODUCT, name: 'GPS tracker' }, options),
  );
}

/** The Stripe product a brand's optional service is sold as, one per service key. */
export function ensureOptionalServiceProduct(stripe: Stripe, service: { key: string; name: string }) {
  const id = `pet_portal_service_${service.key}`;
  return createWithOurId(id, (options) => stripe.products.create({ id, name: service.name }, options));
}
