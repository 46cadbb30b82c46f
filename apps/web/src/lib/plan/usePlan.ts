import type { Plan } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';
import type { PlanLimits } from '@pet/shared/entitlements';
import { useMemo } from 'react';
import { useBrand } from '../../config/brand.tsx';
import { useMyInfo } from '../session/myInfo.ts';
import { type PlanStatus, planLimitsOf, planStatusOf, productOf } from './plan.ts';

export interface UserPlan {
  brand: BrandConfig;
  /** The product from myinfo; null without one. */
  product: Plan | null;
  /** What the entitlement rules take (NO_PLAN without a product). */
  plan: PlanLimits;
  status: PlanStatus;
  /** What the user has now, for the count-based rules (documents are counted by their own list). */
  counts: { pets: number };
  /** myinfo is still loading: decide nothing yet. */
  isPending: boolean;
}

/**
 * The signed-in user's plan, so a screen asks the shared rules before it sends a request:
 *   const { brand, plan, counts } = usePlan();
 *   const decision = mayAddPet(brand, plan, counts.pets);
 *   decision.allowed ? <AddPetTile /> : <PlanLimitNotice decision={decision} />
 */
export function usePlan(): UserPlan {
  const brand = useBrand();
  const query = useMyInfo();
  const me = query.data;
  return useMemo(() => {
    const product = productOf(me);
    return {
      brand,
      product,
      plan: planLimitsOf(product),
      status: planStatusOf(me),
      counts: { pets: me?.pets.length ?? 0 },
      isPending: query.isPending,
    };
  }, [brand, me, query.isPending]);
}
