import { COUPON_MESSAGES, type PayType, PERIOD_MONTHS } from '@pet/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { couponRefused } from '../../lib/errors.ts';
import { generateCode } from '../plans/codes.generate.ts';
import { normalizeCode } from '../plans/codes.repo.ts';
import { findProductById } from '../plans/products.repo.ts';
import {
  type Coupon,
  countRedemption,
  deleteRedemption,
  findCouponByCode,
  findCouponById,
  hasPaidOrder,
  hasRedeemed,
  insertCoupon,
  insertRedemption,
} from './coupons.repo.ts';

// The coupon rules (issue 13, point 10), used by POST /v1/coupon/isvalid, by the prices and by the order
// (which checks again: a coupon can be revoked or used up between the check and the payment). Every refusal
// is one of the spec's 476 server messages (COUPON_MESSAGES).

export type { Coupon };
export { findCouponByCode, findCouponById };

export interface CouponCheckInput {
  partnerId: string;
  userId: string;
  productId: string;
  payType: PayType;
  /** What the client says the user is (the web sends existing_customer); see checkCoupon. */
  couponFor?: 'existing_customer' | 'new_customer';
  now: Date;
}

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; message: string };

/** The checks in a fixed order; the first that fails names the answer. */
export async function checkCoupon(
  db: DbOrTx,
  coupon: Coupon | undefined,
  input: CouponCheckInput,
): Promise<CouponCheck> {
  if (!coupon || coupon.partnerId !== input.partnerId || coupon.revokedAt) {
    return { ok: false, message: COUPON_MESSAGES.notFound };
  }
  if (coupon.validFrom && input.now < coupon.validFrom)
    return { ok: false, message: COUPON_MESSAGES.notStarted };
  if (coupon.validTo && input.now > coupon.validTo) return { ok: false, message: COUPON_MESSAGES.expired };
  if (coupon.productIds.length > 0 && !coupon.productIds.includes(input.productId)) {
    return { ok: false, message: COUPON_MESSAGES.notForProduct };
  }
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
    return { ok: false, message: COUPON_MESSAGES.tooMany };
  }
  if (await hasRedeemed(db, coupon.id, input.userId))
    return { ok: false, message: COUPON_MESSAGES.alreadyUsed };
  // A repeating coupon must cover at least one whole billing period of the chosen plan.
  const durationMismatch =
    coupon.duration === 'repeating' && (coupon.durationInMonths ?? 0) < PERIOD_MONTHS[input.payType];
  const existing = await hasPaidOrder(db, input.userId);
  // The account decides who is a new or an existing customer. The client's claim only matters when it asks
  // for a new customer and the coupon is for existing ones: the spec's web always claims existing_customer,
  // so a new user's new-customer coupon must pass on the account's state alone.
  const caseMismatch = input.couponFor === 'new_customer' && coupon.customerScope === 'existing';
  if (durationMismatch && caseMismatch) return { ok: false, message: COUPON_MESSAGES.durationAndCase };
  if (durationMismatch) return { ok: false, message: COUPON_MESSAGES.durationMismatch };
  if (coupon.customerScope === 'new' && existing)
    return { ok: false, message: COUPON_MESSAGES.newCustomersOnly };
  if (coupon.customerScope === 'existing' && !existing) {
    return { ok: false, message: COUPON_MESSAGES.existingCustomersOnly };
  }
  if (caseMismatch) return { ok: false, message: COUPON_MESSAGES.notForThisCase };
  return { ok: true, coupon };
}

/** The coupon an order or a price quote names by id, checked again; 476 with the reason when unusable. */
export async function couponForOrder(db: DbOrTx, couponId: string, input: CouponCheckInput): Promise<Coupon> {
  const result = await checkCoupon(db, await findCouponById(db, couponId), input);
  if (!result.ok) throw couponRefused(result.message);
  return result.coupon;
}

/**
 * The discount on the plan's price in cents: a percentage rounded to the nearest cent (half up), as Stripe
 * rounds it (the Stripe provider refuses a first invoice whose amount differs from ours), or the amount, at
 * most the price.
 */
export function discountCents(
  coupon: Pick<Coupon, 'percentOff' | 'amountOffCents'>,
  planCents: number,
): number {
  if (coupon.percentOff !== null) return Math.round((planCents * coupon.percentOff) / 100);
  return Math.min(coupon.amountOffCents ?? 0, planCents);
}

/**
 * Records the coupon's use by a paid order, in the paying transaction. False when it can no longer be used
 * (the customer used it meanwhile, or it ran out): nothing is recorded, the payment stands and the order
 * keeps the discount given.
 */
export async function redeemCoupon(
  tx: Tx,
  input: { couponId: string; userId: string; orderId: string },
): Promise<boolean> {
  if (!(await insertRedemption(tx, input))) return false;
  if (await countRedemption(tx, input.couponId)) return true;
  // Ran out: no redemption that the counter does not hold.
  await deleteRedemption(tx, input.couponId, input.userId);
  return false;
}

/** The coupon the user typed, checked for the product and period they chose (POST /v1/coupon/isvalid). */
export async function checkCouponCode(
  db: DbOrTx,
  code: string,
  input: CouponCheckInput,
): Promise<CouponCheck> {
  const result = await checkCoupon(db, await findCouponByCode(db, input.partnerId, code), input);
  if (!result.ok) return result;
  // A coupon for every product still needs one of this partner's products.
  const product = await findProductById(db, input.productId);
  if (product?.partnerId !== input.partnerId) return { ok: false, message: COUPON_MESSAGES.notForProduct };
  return result;
}

export interface CouponTerms {
  partnerId: string;
  /** Null: generated. */
  code: string | null;
  percentOff: number | null;
  amountOffCents: number | null;
  duration: CouponDuration;
  durationInMonths: number | null;
  productIds: string[];
  validFrom: Date | null;
  validTo: Date | null;
  maxRedemptions: number | null;
  customerScope: CustomerScope;
  note: string | null;
}

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];
export const CUSTOMER_SCOPES = ['new', 'existing', 'all'] as const;
export type CustomerScope = (typeof CUSTOMER_SCOPES)[number];

/**
 * Generated coupon codes are shorter than activation codes (people copy them from adverts): 10 characters of
 * the codes' alphabet still give about 49 bits against guesses at the rate-limited check.
 */
const GENERATED_CODE_LENGTH = 10;

/** The operator's new coupon; undefined when the partner already has the code they chose. */
export async function issueCoupon(db: DbOrTx, terms: CouponTerms): Promise<Coupon | undefined> {
  const { code, ...rest } = terms;
  if (code !== null) return insertCoupon(db, { ...rest, code: normalizeCode(code) });
  // A generated code that exists already is drawn again.
  for (;;) {
    const created = await insertCoupon(db, { ...rest, code: generateCode(GENERATED_CODE_LENGTH) });
    if (created) return created;
  }
}
