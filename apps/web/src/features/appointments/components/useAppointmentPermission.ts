import { type Decision, mayAddAppointment } from '@pet/shared/entitlements';
import { usePlan } from '../../../lib/plan/usePlan.ts';

/**
 * Whether the user's plan includes appointments (the shared rule the API applies too). While the plan is
 * still loading nothing is decided: the add button waits, no limit message flashes.
 */
export function useAppointmentPermission(): { decision: Decision; isPending: boolean } {
  const { brand, plan, isPending } = usePlan();
  return { decision: mayAddAppointment(brand, plan), isPending };
}
