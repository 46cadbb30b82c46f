import { productSchema } from '@pet/shared';
import { brandConfig } from '@pet/shared/brands';
import { describe, expect, it } from 'vitest';
import { BASIC, FREE, fakeProduct, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { toOrderable } from '../api/billing.ts';
import { currentPayType, downgradeList, downgradePriceId } from './downgrade.ts';

const orderable = (raw: unknown) => toOrderable(productSchema.parse(raw));
const names = (list: { plan: { name: string } }[]) => list.map((p) => p.plan.name);

const PLUS = orderable(
  fakeProduct({
    id: 'prod-plus',
    name: 'Premium Plus',
    sequence: 4,
    monthly_price: 9.99,
    yearly_price: 99.99,
  }),
);
const catalogue = [FREE, BASIC, PREMIUM, PREMIUM_GPS].map(orderable);

const basis = (months: number, monthly: number, yearly: number) =>
  orderable(
    fakeProduct({
      id: `basis-${months}`,
      name: `BASIS ${months}`,
      sequence: months === 1 ? 1 : months === 12 ? 2 : 3,
      duration: months,
      monthly_price: monthly,
      yearly_price: yearly,
    }),
  );

describe('downgrade list', () => {
  it('plans at or below the current yearly price, never a free one', () => {
    const [, , premium, gps] = catalogue;
    expect(names(downgradeList(catalogue, gps!, brandConfig('petention')))).toEqual([
      'Basic',
      'Premium',
      'Premium GPS',
    ]);
    expect(names(downgradeList(catalogue, premium!, brandConfig('petention')))).toEqual(['Basic', 'Premium']);
  });

  it('tier-fritz goes by duration; BASIS 1 has no yearly price and is never offered', () => {
    const plans = [basis(1, 5.99, 0), basis(12, 0, 59.99), basis(24, 0, 99.99)];
    // A cheaper yearly price on a longer term would reverse the order by price: duration decides.
    const cheapLong = [basis(1, 5.99, 0), basis(12, 0, 99.99), basis(24, 0, 59.99)];
    const fritz = brandConfig('tier-fritz');
    expect(names(downgradeList(plans, plans[2]!, fritz))).toEqual(['BASIS 12', 'BASIS 24']);
    expect(names(downgradeList(plans, plans[1]!, fritz))).toEqual(['BASIS 12']);
    expect(names(downgradeList(cheapLong, cheapLong[2]!, fritz))).toEqual(['BASIS 12', 'BASIS 24']);
    expect(names(downgradeList(cheapLong, cheapLong[2]!, brandConfig('petention')))).toEqual(['BASIS 24']);
  });
});

describe('downgrade price id', () => {
  const [, basic, premium, gps] = catalogue;

  it('the yearly price id, also for a monthly payer moving to a sequence of 2 or less', () => {
    expect(downgradePriceId(premium!, gps!, 'yearly')).toBe('price-prod-premium-yearly');
    expect(downgradePriceId(premium!, gps!, 'monthly')).toBe('price-prod-premium-yearly');
    expect(downgradePriceId(basic!, gps!, 'monthly')).toBe('price-prod-basic-yearly');
  });

  it('the monthly one when the user pays monthly and the target sequence is above 2', () => {
    expect(downgradePriceId(gps!, PLUS, 'monthly')).toBe('price-prod-premium-gps-monthly');
    expect(downgradePriceId(gps!, PLUS, 'yearly')).toBe('price-prod-premium-gps-yearly');
  });

  it("the user's pay type is read from their price id", () => {
    expect(currentPayType(gps!, 'price-prod-premium-gps-monthly')).toBe('monthly');
    expect(currentPayType(gps!, 'price-prod-premium-gps-yearly')).toBe('yearly');
    expect(currentPayType(gps!, null)).toBe('yearly');
  });
});
