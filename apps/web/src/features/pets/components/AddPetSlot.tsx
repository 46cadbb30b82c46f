import { mayAddPet } from '@pet/shared/entitlements';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { AddPetTile } from './AddPetTile.tsx';

/**
 * The add-pet tile, or at the plan's pets_limit the limit message with an upgrade button where the brand's
 * rule offers one (spec 1 section 4, Pet limit). Nothing while the plan is still loading.
 */
export function AddPetSlot({ petCount }: { petCount: number }) {
  const { brand, plan, isPending } = usePlan();
  if (isPending) return null;
  const decision = mayAddPet(brand, plan, petCount);
  return decision.allowed ? <AddPetTile /> : <PlanLimitNotice decision={decision} />;
}
