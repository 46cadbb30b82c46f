import type { CodeType } from '@pet/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, userPlans } from '../../db/schema/index.ts';
import type { ProductRow } from './products.repo.ts';

// Every query here is scoped by one user's id.

export type MembershipRow = typeof userPlans.$inferSelect;

export interface MembershipWithProduct {
  membership: MembershipRow;
  product: ProductRow;
}

/** The user's membership and product; `lock` holds the row so one user's plan changes and limit checks queue. */
export async function findMembership(
  db: DbOrTx,
  userId: string,
  options: { lock: boolean } = { lock: false },
): Promise<MembershipWithProduct | undefined> {
  const query = db
    .select({ membership: userPlans, product: products })
    .from(userPlans)
    .innerJoin(products, eq(products.id, userPlans.productId))
    .where(eq(userPlans.userId, userId));
  const [row] = options.lock ? await query.for('update', { of: userPlans }) : await query;
  return row;
}

export interface MembershipValues {
  productId: string;
  productAssociated: boolean;
  isPromo: boolean;
  isGift: boolean;
  isTrial: boolean;
  trialMonths: number | null;
  trialEndsAt: Date | null;
  activationCodeType: CodeType | null;
  /** Left as it is when undefined (the last redeemed code stays the emergency password). */
  activationCodeId?: string | null;
  trialJobId: string | null;
  /** A gift's end (redemption + the batch's months) and its plans.gift-end job; null for anything else. */
  giftEndsAt: Date | null;
  giftJobId: string | null;
}

/** The default plan's values: nothing associated, no code type. */
export function defaultMembership(productId: string): MembershipValues {
  return {
    productId,
    productAssociated: false,
    isPromo: false,
    isGift: false,
    isTrial: false,
    trialMonths: null,
    trialEndsAt: null,
    activationCodeType: null,
    trialJobId: null,
    giftEndsAt: null,
    giftJobId: null,
  };
}

export async function writeMembership(db: DbOrTx, userId: string, values: MembershipValues): Promise<void> {
  const { activationCodeId, ...rest } = values;
  const set = activationCodeId === undefined ? rest : { ...rest, activationCodeId };
  await db
    .insert(userPlans)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userPlans.userId, set });
}

/** Writes the default plan for a user who has no row yet; an existing row is left alone. */
export async function ensureMembership(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db
    .insert(userPlans)
    .values({ userId, ...defaultMembership(productId) })
    .onConflictDoNothing({ target: userPlans.userId });
}

/** Gives a gift membership its end and job (gift-ends.backfill.ts). */
export async function setGiftEnd(db: DbOrTx, userId: string, giftEndsAt: Date, giftJobId: string | null) {
  await db.update(userPlans).set({ giftEndsAt, giftJobId }).where(eq(userPlans.userId, userId));
}
