import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useAppointmentPermission } from './useAppointmentPermission.ts';

/** The plan's "no appointments" message with its link to /my-account/subscription; nothing when allowed. */
export function AppointmentsLimitNotice() {
  const { decision, isPending } = useAppointmentPermission();
  if (isPending) return null;
  return <PlanLimitNotice decision={decision} />;
}
