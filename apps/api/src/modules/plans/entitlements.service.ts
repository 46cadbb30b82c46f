import {
  type BrandConfig,
  type Decision,
  mayAddAppointment,
  mayAddDocument,
  mayAddMedical,
  mayAddPet,
  mayDowngrade,
  mayDownloadEmergencyFile,
  mayUseGps,
  NO_PLAN,
  type PlanLimits,
} from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { limitReached } from '../../lib/errors.ts';
import { type CurrentPlan, currentPlan } from './membership.service.ts';
import type { ProductRow } from './products.repo.ts';

// What a user's plan allows: the one place the API asks. The rules themselves are the shared pure functions
// (packages/shared/src/entitlements.ts) that the web app also uses to decide before a request; this service
// feeds them the user's plan and counts, and turns a refusal into 403 LIMIT_REACHED with the text key
// (DESIGN.md: not the old server's 500).
//
// Features call the `assertMay…` helpers inside the transaction that writes: the count-based ones lock the
// user's membership row before counting, so two concurrent adds by one user cannot both pass at the limit.

export interface UserEntitlements {
  brand: BrandConfig;
  plan: PlanLimits;
  current: CurrentPlan;
}

export function planLimits(product: ProductRow | null): PlanLimits {
  if (!product) return NO_PLAN;
  return {
    sequence: product.sequence,
    pets_limit: product.petsLimit,
    documents_limit: product.documentsLimit,
    appointments: product.appointments,
    medical: product.medical,
    emergency_file: product.emergencyFile,
    gps_tracking: product.gpsTracking,
  };
}

export async function entitlementsOf(
  db: DbOrTx,
  brand: BrandConfig,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<UserEntitlements> {
  const current = await currentPlan(db, brand, userId, options);
  return { brand, plan: planLimits(current.product), current };
}

/** Every decision for a loaded user, with the message key to show when refused. */
export const may = {
  addPet: (e: UserEntitlements, petCount: number) => mayAddPet(e.brand, e.plan, petCount),
  addDocument: (e: UserEntitlements, documentCount: number) => mayAddDocument(e.brand, e.plan, documentCount),
  addAppointment: (e: UserEntitlements) => mayAddAppointment(e.brand, e.plan),
  addMedical: (e: UserEntitlements) => mayAddMedical(e.brand, e.plan),
  downloadEmergencyFile: (e: UserEntitlements) => mayDownloadEmergencyFile(e.brand, e.plan),
  useGps: (e: UserEntitlements) => mayUseGps(e.brand, e.plan),
  downgrade: (e: UserEntitlements) => mayDowngrade({ is_gift: e.current.isGift }),
};

/** Throws 403 LIMIT_REACHED with the decision's text key when it refuses. */
export function assertAllowed(decision: Decision): void {
  if (!decision.allowed) throw limitReached(decision.messageKey);
}

/** Call in the transaction that inserts the pet; `countPets` runs after the membership row is locked. */
export async function assertMayAddPet(
  tx: DbOrTx,
  brand: BrandConfig,
  userId: string,
  countPets: () => Promise<number>,
): Promise<void> {
  const e = await entitlementsOf(tx, brand, userId, { lock: true });
  assertAllowed(may.addPet(e, await countPets()));
}

/** Call in the transaction that inserts the document; `countDocuments` runs after the lock is taken. */
export async function assertMayAddDocument(
  tx: DbOrTx,
  brand: BrandConfig,
  userId: string,
  countDocuments: () => Promise<number>,
): Promise<void> {
  const e = await entitlementsOf(tx, brand, userId, { lock: true });
  assertAllowed(may.addDocument(e, await countDocuments()));
}

export async function assertMayAddAppointment(db: DbOrTx, brand: BrandConfig, userId: string) {
  assertAllowed(may.addAppointment(await entitlementsOf(db, brand, userId)));
}

export async function assertMayAddMedical(db: DbOrTx, brand: BrandConfig, userId: string) {
  assertAllowed(may.addMedical(await entitlementsOf(db, brand, userId)));
}

export async function assertMayDownloadEmergencyFile(db: DbOrTx, brand: BrandConfig, userId: string) {
  assertAllowed(may.downloadEmergencyFile(await entitlementsOf(db, brand, userId)));
}

export async function assertMayUseGps(db: DbOrTx, brand: BrandConfig, userId: string) {
  assertAllowed(may.useGps(await entitlementsOf(db, brand, userId)));
}

export async function assertMayDowngrade(db: DbOrTx, brand: BrandConfig, userId: string) {
  assertAllowed(may.downgrade(await entitlementsOf(db, brand, userId)));
}
