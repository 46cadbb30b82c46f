import { type CouponCheckResponse, centsToEuro } from '@pet/shared';
import type { Coupon } from './coupons.repo.ts';

/** The answer of POST /v1/coupon/isvalid for a usable coupon: its id, and what it takes off for how long. */
export function toCouponCheckResponse(coupon: Coupon): CouponCheckResponse {
  return {
    codes: [
      {
        isvalid: true,
        coupon_id: coupon.id,
        message: 'COUPON IS VALID',
        percent_off: coupon.percentOff,
        amount_off: coupon.amountOffCents === null ? null : centsToEuro(coupon.amountOffCents),
        duration: coupon.duration as CouponCheckResponse['codes'][number]['duration'],
        duration_in_months: coupon.durationInMonths,
      },
    ],
  };
}
