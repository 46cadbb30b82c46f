import { CODE_TYPES, type CodeType, type MyInfo, type Plan, PROMO_NOTE, planSchema } from '@pet/shared';
import { isUnlimitedDocuments, NO_PLAN, type PlanLimits } from '@pet/shared/entitlements';
import { z } from 'zod';

// The user's plan as the web app reads it from GET /v1/auth/myinfo: the shared plan schema, read leniently
// (the product list is parsed by its own response schema, productList.ts). A field the server does not send (an older server, a product without a flag)
// falls back to what a user without a plan gets, so a screen never offers more than the server would allow.

/** A number, or a numeric string (a decimal column may arrive as "2.99"); the fallback otherwise. */
function numberOr(fallback: number) {
  return z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number())
    .catch(fallback);
}

/** Text, or null for an empty or missing one. */
const textOrNull = z.string().min(1).nullable().catch(null);

const lenientPlanSchema = planSchema.extend({
  id: z.union([z.string(), z.number()]).transform(String),
  name: planSchema.shape.name.catch(''),
  sequence: numberOr(NO_PLAN.sequence),
  internal_note: textOrNull,
  is_default: planSchema.shape.is_default.catch(false),
  pets_limit: numberOr(NO_PLAN.pets_limit),
  documents_limit: numberOr(NO_PLAN.documents_limit),
  appointments: planSchema.shape.appointments.catch(NO_PLAN.appointments),
  medical: planSchema.shape.medical.catch(NO_PLAN.medical),
  emergency_file: planSchema.shape.emergency_file.catch(NO_PLAN.emergency_file),
  gps_tracking: planSchema.shape.gps_tracking.catch(NO_PLAN.gps_tracking),
  /** 0 or missing: no fixed term. */
  duration: numberOr(0).transform((months) => months || null),
  monthly_price: numberOr(0),
  yearly_price: numberOr(0),
}) satisfies z.ZodType<Plan, unknown>;

/** How the user got the plan: promo, gift or trial codes, and the tracker ids they registered. */
export interface PlanStatus {
  productAssociated: boolean;
  isPromo: boolean;
  isGift: boolean;
  isTrial: boolean;
  trialMonths: number | null;
  /** ISO timestamp, or null. */
  trialEndsAt: string | null;
  activationCodeType: CodeType | null;
  trackerIds: string[];
}

/** myinfo's membership fields, read as leniently as the plan. */
const lenientMembershipSchema = z.object({
  product_associated: z.boolean().catch(false),
  is_promo: z.boolean().catch(false),
  is_gift: z.boolean().catch(false),
  is_trial: z.boolean().catch(false),
  trial_months: numberOr(0).transform((months) => months || null),
  trial_ends_at: textOrNull,
  activation_code_type: z.enum(CODE_TYPES).nullable().catch(null),
  tracker_ids: z
    .array(z.unknown())
    .catch([])
    .transform((ids) => ids.filter((id): id is string => typeof id === 'string')),
}) satisfies z.ZodType<Partial<Record<keyof MyInfo, unknown>>, unknown>;

function toPlanProduct(value: unknown): Plan | null {
  const read = lenientPlanSchema.safeParse(value);
  return read.success ? read.data : null;
}

export function productOf(me: MyInfo | null | undefined): Plan | null {
  return me ? toPlanProduct(me.product) : null;
}

/** The limits the entitlement rules take: NO_PLAN for a user without a product. */
export function planLimitsOf(product: Plan | null): PlanLimits {
  if (!product) return NO_PLAN;
  return {
    sequence: product.sequence,
    pets_limit: product.pets_limit,
    documents_limit: product.documents_limit,
    appointments: product.appointments,
    medical: product.medical,
    emergency_file: product.emergency_file,
    gps_tracking: product.gps_tracking,
  };
}

export function planStatusOf(me: MyInfo | null | undefined): PlanStatus {
  const m = lenientMembershipSchema.parse(me ?? {});
  const type = m.activation_code_type;
  return {
    productAssociated: m.product_associated,
    isPromo: m.is_promo || type === 'promo',
    isGift: m.is_gift || type === 'gift',
    isTrial: m.is_trial || type === 'trial',
    trialMonths: m.trial_months,
    trialEndsAt: m.trial_ends_at,
    activationCodeType: type,
    trackerIds: m.tracker_ids,
  };
}

/** A promotion plan: the product's internal note says Promo (or the user redeemed a promo code). */
export function isPromoPlan(product: Plan | null, status: PlanStatus): boolean {
  return product?.internal_note?.trim().toLowerCase() === PROMO_NOTE.toLowerCase() || status.isPromo;
}

/** Both prices zero: the free plan. */
export function isFreeProduct(product: Plan): boolean {
  return product.monthly_price <= 0 && product.yearly_price <= 0;
}

/** What a limit shows as: a number, or 'unlimited' for 100 documents or more. */
export function documentsLimitLabel(limit: number): number | 'unlimited' {
  return isUnlimitedDocuments(limit) ? 'unlimited' : limit;
}
