import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useMedicalPermission } from './useMedicalPermission.ts';

/** The plan's "no medical data" message with its link to /my-account/subscription; nothing when allowed. */
export function MedicalLimitNotice() {
  const { decision, isPending } = useMedicalPermission();
  if (isPending) return null;
  return <PlanLimitNotice decision={decision} />;
}
