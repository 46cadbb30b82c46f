import type { BrandConfig } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assertMayAddAppointment as assertPlanAllowsAppointments } from '../plans/entitlements.service.ts';

// The one seam between appointments and the plans: may this user add an appointment? The entitlements
// service (modules/plans) answers with the plan's `appointments` flag and throws 403 LIMIT_REACHED
// (Appointment_Limit_Reached_Message) when it is off. Editing and deleting stay allowed after a downgrade.

export async function assertMayAddAppointment(tx: DbOrTx, brand: BrandConfig, userId: string): Promise<void> {
  await assertPlanAllowsAppointments(tx, brand, userId);
}
