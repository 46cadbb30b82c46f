import type { MyInfo } from '@pet/shared';
import { isUnlimitedDocuments, NO_PLAN, type PlanLimits } from '@pet/shared/entitlements';

// The user's plan as the web app reads it from GET /v1/auth/myinfo and the product list. Both are read
// defensively: a field the server does not send (an older server, a product without a flag) falls back to
// what a user without a plan gets, so a screen never offers more than the server would allow.

export const ACTIVATION_CODE_TYPES = ['standard', 'promo', 'gift', 'trial'] as const;
export type ActivationCodeType = (typeof ACTIVATION_CODE_TYPES)[number];

/** A product (plan) as myinfo and GET /v1/subscription/product/list carry it. */
export interface PlanProduct extends PlanLimits {
  id: string;
  name: string;
  /** Operator's label; 'Promo' marks a promotion product. */
  internal_note: string | null;
  is_default: boolean;
  /** Term in months (tier-fritz: 1, 12, 24); null when billed monthly or yearly. */
  duration: number | null;
  monthly_price: number;
  yearly_price: number;
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
  activationCodeType: ActivationCodeType | null;
  trackerIds: string[];
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number, or a numeric string (a decimal column may arrive as "2.99"). */
function num(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function toPlanProduct(value: unknown): PlanProduct | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id: String(id),
    name: typeof value.name === 'string' ? value.name : '',
    sequence: num(value.sequence, NO_PLAN.sequence),
    internal_note: str(value.internal_note),
    is_default: bool(value.is_default, false),
    pets_limit: num(value.pets_limit, NO_PLAN.pets_limit),
    documents_limit: num(value.documents_limit, NO_PLAN.documents_limit),
    appointments: bool(value.appointments, NO_PLAN.appointments),
    medical: bool(value.medical, NO_PLAN.medical),
    emergency_file: bool(value.emergency_file, NO_PLAN.emergency_file),
    gps_tracking: bool(value.gps_tracking, NO_PLAN.gps_tracking),
    duration: value.duration === null || value.duration === undefined ? null : num(value.duration, 0) || null,
    monthly_price: num(value.monthly_price, 0),
    yearly_price: num(value.yearly_price, 0),
  };
}

/** The products of a product-list answer ({ data: Product[] }), ordered by sequence, then term. */
export function toPlanProducts(answer: unknown): PlanProduct[] {
  const list =
    isRecord(answer) && Array.isArray(answer.data) ? answer.data : Array.isArray(answer) ? answer : [];
  return list
    .map(toPlanProduct)
    .filter((p): p is PlanProduct => p !== null)
    .sort((a, b) => a.sequence - b.sequence || (a.duration ?? 0) - (b.duration ?? 0));
}

export function productOf(me: MyInfo | null | undefined): PlanProduct | null {
  return me ? toPlanProduct((me as unknown as Loose).product) : null;
}

/** The limits the entitlement rules take: NO_PLAN for a user without a product. */
export function planLimitsOf(product: PlanProduct | null): PlanLimits {
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

function codeType(value: unknown): ActivationCodeType | null {
  return (ACTIVATION_CODE_TYPES as readonly unknown[]).includes(value) ? (value as ActivationCodeType) : null;
}

export function planStatusOf(me: MyInfo | null | undefined): PlanStatus {
  const raw: Loose = me ? (me as unknown as Loose) : {};
  const type = codeType(raw.activation_code_type);
  const trialMonths =
    raw.trial_months === null || raw.trial_months === undefined ? null : num(raw.trial_months, 0);
  return {
    productAssociated: bool(raw.product_associated, false),
    isPromo: bool(raw.is_promo, false) || type === 'promo',
    isGift: bool(raw.is_gift, false) || type === 'gift',
    isTrial: bool(raw.is_trial, false) || type === 'trial',
    trialMonths: trialMonths || null,
    trialEndsAt: str(raw.trial_ends_at),
    activationCodeType: type,
    trackerIds: Array.isArray(raw.tracker_ids)
      ? raw.tracker_ids.filter((t): t is string => typeof t === 'string')
      : [],
  };
}

/** A promotion plan: the product's internal note says Promo (or the user redeemed a promo code). */
export function isPromoPlan(product: PlanProduct | null, status: PlanStatus): boolean {
  return product?.internal_note?.trim().toLowerCase() === 'promo' || status.isPromo;
}

/** Both prices zero: the free plan. */
export function isFreeProduct(product: PlanProduct): boolean {
  return product.monthly_price <= 0 && product.yearly_price <= 0;
}

/** What a limit shows as: a number, or 'unlimited' for 100 documents or more. */
export function documentsLimitLabel(limit: number): number | 'unlimited' {
  return isUnlimitedDocuments(limit) ? 'unlimited' : limit;
}
