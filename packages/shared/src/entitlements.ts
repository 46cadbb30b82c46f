import type { BrandConfig } from './brands.ts';
import { UNLIMITED_DOCUMENTS_FROM } from './constants.ts';
import type { ErrorTextKey } from './errors.ts';

// The plan rules in one place. The API refuses with them and the web app decides before a request with the
// same functions, so a button is never offered that the server would refuse.

export interface PlanLimits {
  sequence: number;
  pets_limit: number;
  documents_limit: number;
  appointments: boolean;
  medical: boolean;
  emergency_file: boolean;
  gps_tracking: boolean;
}

/** What a user without any product gets: nothing beyond one pet and five documents. */
export const NO_PLAN: PlanLimits = {
  sequence: 0,
  pets_limit: 1,
  documents_limit: 5,
  appointments: false,
  medical: false,
  emergency_file: false,
  gps_tracking: false,
};

export type Decision = { allowed: true } | { allowed: false; messageKey: ErrorTextKey; upgrade: boolean };

const allow: Decision = { allowed: true };

export function isUnlimitedDocuments(limit: number): boolean {
  return limit >= UNLIMITED_DOCUMENTS_FROM;
}

/** The upgrade button shows while the plan is below the brand's threshold (3, or 4 on hunde-schutz). */
export function offersUpgrade(brand: BrandConfig, plan: PlanLimits): boolean {
  return plan.sequence < brand.upgradeBelowSequence;
}

function limitReached(
  brand: BrandConfig,
  plan: PlanLimits,
  basic: ErrorTextKey,
  premium: ErrorTextKey,
): Decision {
  const upgrade = offersUpgrade(brand, plan);
  return { allowed: false, messageKey: upgrade ? basic : premium, upgrade };
}

export function mayAddPet(brand: BrandConfig, plan: PlanLimits, petCount: number): Decision {
  if (petCount < plan.pets_limit) return allow;
  return limitReached(brand, plan, 'Basic_Pet_Limit_Reached_Message', 'Premium_Pet_Limit_Reached_Message');
}

export function mayAddDocument(brand: BrandConfig, plan: PlanLimits, documentCount: number): Decision {
  if (isUnlimitedDocuments(plan.documents_limit) || documentCount < plan.documents_limit) return allow;
  return limitReached(
    brand,
    plan,
    'Basic_Document_Limit_Reached_Message',
    'Premium_Document_Limit_Reached_Message',
  );
}

export function mayAddAppointment(brand: BrandConfig, plan: PlanLimits): Decision {
  if (plan.appointments) return allow;
  return {
    allowed: false,
    messageKey: 'Appointment_Limit_Reached_Message',
    upgrade: brand.upgradeLinkInFreeMessage,
  };
}

export function mayAddMedical(brand: BrandConfig, plan: PlanLimits): Decision {
  if (plan.medical) return allow;
  return {
    allowed: false,
    messageKey: 'Medical_Add_Not_Allowed_Text',
    upgrade: brand.upgradeLinkInFreeMessage,
  };
}

export function mayDownloadEmergencyFile(brand: BrandConfig, plan: PlanLimits): Decision {
  if (plan.sequence === 0 && !brand.freeEmergencyDownload) {
    return {
      allowed: false,
      messageKey: 'Download_Not_Allowed_Text',
      upgrade: brand.upgradeLinkInFreeMessage,
    };
  }
  if (plan.emergency_file) return allow;
  return { allowed: false, messageKey: 'Paid_Service_Text', upgrade: brand.upgradeLinkInFreeMessage };
}

export function mayUseGps(brand: BrandConfig, plan: PlanLimits): Decision {
  if (plan.gps_tracking) return allow;
  return { allowed: false, messageKey: 'Free_Service_Message', upgrade: brand.upgradeLinkInFreeMessage };
}

/** Gift users cannot downgrade (they fall back to the default plan at the end instead). */
export function mayDowngrade(membership: { is_gift: boolean }): Decision {
  if (!membership.is_gift) return allow;
  return { allowed: false, messageKey: 'Downgrade_Not_Possible_Text', upgrade: false };
}
