import { type Decision, mayAddAppointment } from '@pet/shared/entitlements';
import { useOnSharedPet } from '../../../lib/pets/petRole.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';

/**
 * Whether the user's plan includes appointments (the shared rule the API applies too). While the plan is
 * still loading nothing is decided: the add button waits, no limit message flashes.
 */
export function useAppointmentPermission(): { decision: Decision; isPending: boolean } {
  const { brand, plan, isPending } = usePlan();
  // On a pet shared with the user the owner's plan decides, which the API checks (issue 45).
  const shared = useOnSharedPet();
  if (shared) return { decision: { allowed: true }, isPending: false };
  return { decision: mayAddAppointment(brand, plan), isPending };
}
