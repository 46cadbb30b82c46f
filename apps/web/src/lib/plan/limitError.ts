import type { BrandConfig } from '@pet/shared/brands';
import type { Decision } from '@pet/shared/entitlements';
import type { ErrorTextKey } from '@pet/shared/errors';
import { textKeyForError } from '@pet/shared/text-key-for-error';
import { ApiError } from '../api/ApiError.ts';

// A plan-limit refusal from any call: 403 { code: 'LIMIT_REACHED', message: <text key> } (DESIGN.md: the spec's
// old server used 500). It becomes the same Decision the shared rules give, so one notice shows both.

/** Messages whose upgrade prompt follows the brand's free-message rule (hidden on tier-fritz). */
const FREE_RULE_KEYS: ReadonlySet<ErrorTextKey> = new Set<ErrorTextKey>([
  'Appointment_Limit_Reached_Message',
  'Appointment_Add_Not_Allowed_Text',
  'Medical_Add_Not_Allowed_Text',
  'Download_Not_Allowed_Text',
  'Paid_Service_Text',
  'Free_Service_Message',
]);

export function isLimitReachedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'LIMIT_REACHED';
}

/** The Decision a LIMIT_REACHED answer stands for; null for any other error (or none). */
export function limitDecisionFromError(error: unknown, brand: BrandConfig): Decision | null {
  if (!isLimitReachedError(error)) return null;
  const messageKey = textKeyForError({ status: 403, message: error.message, code: error.code });
  // Basic_* is what the rules say while an upgrade is offered, Premium_* when the top plan is reached.
  const upgrade = messageKey.startsWith('Basic_')
    ? true
    : FREE_RULE_KEYS.has(messageKey) && brand.upgradeLinkInFreeMessage;
  return { allowed: false, messageKey, upgrade };
}
