import { describe, expect, test } from 'vitest';
import { brandConfig } from './brands.ts';
import { downgradeList, downgradePriceId, type PlanListProduct } from './plan-lists.ts';

// The catalogues' shapes (apps/api/src/modules/plans/catalogue): petention ranks by yearly price, tier-fritz
// sells one product per term.

const product = (
  id: string,
  sequence: number,
  yearly: number,
  duration: number | null = null,
  ids: { monthly?: string | null; yearly?: string | null } = {},
): PlanListProduct => ({
  id,
  sequence,
  duration,
  yearly_price: yearly,
  monthly_price_id: ids.monthly === undefined ? `${id}_monthly` : ids.monthly,
  yearly_price_id: ids.yearly === undefined ? `${id}_yearly` : ids.yearly,
});

const free = product('free', 0, 0, null, { monthly: null, yearly: null });
const basic = product('basic', 1, 29.99);
const premium = product('premium', 2, 49.99);
const gps = product('premium-gps', 3, 79.99);
const petention = [free, basic, premium, gps];

const basis1 = product('basis-1', 1, 0, 1, { yearly: null });
const basis12 = product('basis-12', 2, 59.99, 12, { monthly: null });
const basis24 = product('basis-24', 3, 99.99, 24, { monthly: null });
const fritz = [product('fritz-free', 0, 0, null, { monthly: null, yearly: null }), basis1, basis12, basis24];

describe('downgradeList', () => {
  const yearly = brandConfig('petention');
  const byTerm = brandConfig('tier-fritz');

  test('by yearly price: the plans at or below the current one, never the free plan', () => {
    expect(downgradeList(petention, gps, yearly).map((p) => p.id)).toEqual([
      'basic',
      'premium',
      'premium-gps',
    ]);
    expect(downgradeList(petention, premium, yearly).map((p) => p.id)).toEqual(['basic', 'premium']);
    expect(downgradeList(petention, basic, yearly).map((p) => p.id)).toEqual(['basic']);
  });

  test('by yearly price, not by sequence: a cheaper plan listed later is still below', () => {
    const cheapLater = product('late-cheap', 9, 19.99);
    expect(downgradeList([...petention, cheapLater], premium, yearly).map((p) => p.id)).toEqual([
      'basic',
      'premium',
      'late-cheap',
    ]);
  });

  test('tier-fritz by term: never the monthly-only BASIS 1 (zero yearly price)', () => {
    expect(downgradeList(fritz, basis24, byTerm).map((p) => p.id)).toEqual(['basis-12', 'basis-24']);
    expect(downgradeList(fritz, basis12, byTerm).map((p) => p.id)).toEqual(['basis-12']);
    expect(downgradeList(fritz, basis1, byTerm)).toEqual([]);
  });

  test('a plan without a term on a brand ranked by term has no list', () => {
    expect(downgradeList(fritz, fritz[0]!, byTerm)).toEqual([]);
  });

  test('brands other than tier-fritz rank by yearly price', () => {
    expect(brandConfig('hunde-schutz').downgradeRank).toBe('yearly-price');
    expect(brandConfig('tier-fritz').downgradeRank).toBe('duration');
  });
});

describe('downgradePriceId', () => {
  test('the yearly price id, also for a monthly payer when the target sequence is 2 or less', () => {
    expect(downgradePriceId(basic, gps, 'yearly')).toBe('basic_yearly');
    expect(downgradePriceId(premium, gps, 'monthly')).toBe('premium_yearly');
  });

  test('the monthly price id for a monthly payer when the target sequence is above 2', () => {
    const plus = product('premium-plus', 4, 99.99);
    expect(downgradePriceId(gps, plus, 'monthly')).toBe('premium-gps_monthly');
    expect(downgradePriceId(gps, plus, 'yearly')).toBe('premium-gps_yearly');
  });

  test('none for the current plan or a missing price id', () => {
    expect(downgradePriceId(premium, premium, 'yearly')).toBeNull();
    expect(downgradePriceId(basis1, basis24, 'yearly')).toBeNull();
  });
});
