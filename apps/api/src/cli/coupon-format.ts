import { centsToEuro } from '@pet/shared';
import { businessDay } from '../lib/business-day.ts';
import type { Coupon } from '../modules/coupons/coupons.repo.ts';

// How the coupon commands show a coupon's terms (create prints one, list a table of them).

/** 2026-12-31 → 31.12.2026 (the operator's and the spec's day format). */
export const germanDay = (isoDay: string) => isoDay.split('-').reverse().join('.');

export function couponOff(coupon: Coupon): string {
  if (coupon.percentOff !== null) return `${coupon.percentOff}%`;
  return `${centsToEuro(coupon.amountOffCents ?? 0).toFixed(2)} EUR`;
}

export function couponDuration(coupon: Coupon): string {
  return coupon.duration === 'repeating' ? `${coupon.durationInMonths} months` : coupon.duration;
}

/** The inclusive Berlin days, "-" for an open end. */
export function couponWindow(coupon: Coupon): string {
  const day = (at: Date | null) => (at ? germanDay(businessDay(at)) : '-');
  if (!coupon.validFrom && !coupon.validTo) return 'always';
  return `${day(coupon.validFrom)} to ${day(coupon.validTo)}`;
}

export function couponProducts(coupon: Coupon, keyOf: (id: string) => string): string {
  return coupon.productIds.length === 0 ? 'all' : coupon.productIds.map(keyOf).join(',');
}

export const couponRedemptions = (coupon: Coupon) =>
  `${coupon.timesRedeemed}/${coupon.maxRedemptions ?? 'unlimited'}`;
