import { euroToCents, formatEuro, type MyInfo } from '@pet/shared';
import { brandConfig } from '@pet/shared/brands';
import { NO_PLAN } from '@pet/shared/entitlements';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo } from '../../test/fetchMock.ts';
import { PREMIUM } from '../../test/plans.ts';
import { ApiError } from '../api/ApiError.ts';
import { limitDecisionFromError } from './limitError.ts';
import { documentsLimitLabel, planLimitsOf, planStatusOf, productOf } from './plan.ts';

/** The fake is the wire shape; the schema's type may lag behind the server's fields. */
const wire = (overrides: Record<string, unknown>) => fakeMyInfo(overrides) as unknown as MyInfo;

describe('plan from myinfo', () => {
  it('no product means NO_PLAN', () => {
    const me = wire({ product: null });
    expect(planLimitsOf(productOf(me))).toEqual(NO_PLAN);
  });

  it('reads the limits and flags of the product', () => {
    const product = productOf(wire({ product: PREMIUM }));
    expect(planLimitsOf(product)).toEqual({
      sequence: 2,
      pets_limit: 6,
      documents_limit: 100,
      appointments: true,
      medical: true,
      emergency_file: true,
      gps_tracking: false,
    });
  });

  it('a product without limit fields (an older server) allows no more than NO_PLAN', () => {
    const me = wire({ product: { id: 'p', name: 'Old', sequence: 2, internal_note: null } });
    expect(planLimitsOf(productOf(me))).toEqual({ ...NO_PLAN, sequence: 2 });
  });

  it('promo, gift and trial status, with the code type as a fallback', () => {
    const status = planStatusOf(
      wire({
        is_trial: true,
        trial_months: 3,
        trial_ends_at: '2026-09-30T22:00:00.000Z',
        activation_code_type: 'gift',
        tracker_ids: ['TF1'],
      }),
    );
    expect(status).toMatchObject({
      isTrial: true,
      trialMonths: 3,
      trialEndsAt: '2026-09-30T22:00:00.000Z',
      isGift: true,
      isPromo: false,
      activationCodeType: 'gift',
      trackerIds: ['TF1'],
    });
  });

  it('100 documents or more show as unlimited', () => {
    expect(documentsLimitLabel(99)).toBe(99);
    expect(documentsLimitLabel(100)).toBe('unlimited');
    expect(documentsLimitLabel(1000)).toBe('unlimited');
  });
});

describe('formatEuro', () => {
  // Issue 35: the shared formatter (cents, Intl) with the web's euro amounts; its space is now the plain one
  // the API's texts have (it was a no-break space here).
  const euro = (amount: number) => formatEuro(euroToCents(amount));
  it('uses a comma and two decimals', () => {
    expect(euro(2.99)).toBe('2,99 €');
    expect(euro(49.95)).toBe('49,95 €');
    expect(euro(59)).toBe('59,00 €');
    expect(euro(1234.5)).toBe('1.234,50 €');
  });
});

describe('a 403 LIMIT_REACHED answer', () => {
  const limit = (message: string) => new ApiError(403, 'LIMIT_REACHED', message);

  it('becomes the decision of the shared rules', () => {
    const petention = brandConfig('petention');
    expect(limitDecisionFromError(limit('Basic_Pet_Limit_Reached_Message'), petention)).toEqual({
      allowed: false,
      messageKey: 'Basic_Pet_Limit_Reached_Message',
      upgrade: true,
    });
    expect(limitDecisionFromError(limit('Premium_Document_Limit_Reached_Message'), petention)).toEqual({
      allowed: false,
      messageKey: 'Premium_Document_Limit_Reached_Message',
      upgrade: false,
    });
    expect(limitDecisionFromError(limit('Medical_Add_Not_Allowed_Text'), petention)).toMatchObject({
      upgrade: true,
    });
    expect(
      limitDecisionFromError(limit('Medical_Add_Not_Allowed_Text'), brandConfig('tier-fritz')),
    ).toMatchObject({ upgrade: false });
  });

  it('other errors are no limit', () => {
    const brand = brandConfig('petention');
    expect(limitDecisionFromError(new ApiError(403, 'FORBIDDEN', 'Forbidden_Text'), brand)).toBeNull();
    expect(limitDecisionFromError(new ApiError(500, 'INTERNAL_ERROR', 'x'), brand)).toBeNull();
    expect(limitDecisionFromError(new Error('x'), brand)).toBeNull();
    expect(limitDecisionFromError(limit('something else'), brand)).toEqual({
      allowed: false,
      messageKey: 'Forbidden_Text',
      upgrade: false,
    });
  });
});
