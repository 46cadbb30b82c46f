import { CODE_TYPES, type CodeType, type MyInfo, type Plan, PROMO_NOTE } from '@pet/shared';
import { isUnlimitedDocuments, NO_PLAN, type PlanLimits } from '@pet/shared/entitlements';

// The user's plan as the web app reads it from GET /v1/auth/myinfo, leniently (the product list is parsed by
// its own response schema, productList.ts). A field the server does not send (an older server, a product
// without a flag) falls back to what a user without a plan gets, so a screen never offers more than the
// server would allow. Read by hand, not by a schema: every signed-in page reads it, and zod is not part of a
// page that only displays (issue 46).

type Fields = Partial<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number, or a numeric string (a decimal column may arrive as "2.99"); the fallback otherwise. */
function numberOr(value: unknown, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

/** Text, or null for an empty or missing one. */
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

const flagOr = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/** A product without an id is no product; every other field falls back on its own. */
function toPlanProduct(value: unknown): Plan | null {
  if (!isFields(value)) return null;
  const { id } = value;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id: String(id),
    name: typeof value.name === 'string' ? value.name : '',
    sequence: numberOr(value.sequence, NO_PLAN.sequence),
    internal_note: textOrNull(value.internal_note),
    is_default: flagOr(value.is_default, false),
    pets_limit: numberOr(value.pets_limit, NO_PLAN.pets_limit),
    documents_limit: numberOr(value.documents_limit, NO_PLAN.documents_limit),
    appointments: flagOr(value.appointments, NO_PLAN.appointments),
    medical: flagOr(value.medical, NO_PLAN.medical),
    emergency_file: flagOr(value.emergency_file, NO_PLAN.emergency_file),
    gps_tracking: flagOr(value.gps_tracking, NO_PLAN.gps_tracking),
    /** 0 or missing: no fixed term. */
    duration: numberOr(value.duration, 0) || null,
    monthly_price: numberOr(value.monthly_price, 0),
    yearly_price: numberOr(value.yearly_price, 0),
  };
}

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

/** myinfo's membership fields, read as leniently as the plan. */
export function planStatusOf(me: MyInfo | null | undefined): PlanStatus {
  const m: Fields = me ?? {};
  const code = m.activation_code_type;
  const type = CODE_TYPES.find((known) => known === code) ?? null;
  return {
    productAssociated: flagOr(m.product_associated, false),
    isPromo: flagOr(m.is_promo, false) || type === 'promo',
    isGift: flagOr(m.is_gift, false) || type === 'gift',
    isTrial: flagOr(m.is_trial, false) || type === 'trial',
    trialMonths: numberOr(m.trial_months, 0) || null,
    trialEndsAt: textOrNull(m.trial_ends_at),
    activationCodeType: type,
    trackerIds: Array.isArray(m.tracker_ids)
      ? m.tracker_ids.filter((id): id is string => typeof id === 'string')
      : [],
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
