import { type BrandConfig, type MyInfo, nextTermStartDay, type PayType } from '@pet/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthSession, AuthUser } from '../auth/auth.plugin.ts';
import { shortSessionExpiry } from '../auth/sessions/session-hooks.ts';
import { currentPlan } from '../plans/membership.service.ts';
import { toPlan } from '../plans/products.repo.ts';
import {
  type Address,
  findProfile,
  setSessionRememberMe,
  updateAddress,
  updateProfile,
} from './account.repo.ts';

// The signed-in user's own profile: GET myinfo, name/language/stay-signed-in, address.

/** GET /v1/auth/myinfo: the profile, the plan with its limits and flags, and how the user got it. */
export async function myInfo(db: DbOrTx, brand: BrandConfig, userId: string): Promise<MyInfo> {
  const profile = await findProfile(db, userId);
  // The session was valid a moment ago; a vanished account is a signed-out one.
  if (!profile) throw unauthorized();
  const plan = await currentPlan(db, brand, userId);
  const paid = profile.subscription;
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    emailVerified: profile.emailVerified,
    language: profile.language === 'de' ? 'de' : 'en',
    image_url: profile.image,
    photoUrl: profile.image,
    stay_loggedin: profile.stayLoggedIn,
    role: profile.role,
    pets: profile.pets,
    product: plan.product ? toPlan(plan.product) : null,
    product_id: plan.product?.id ?? null,
    product_associated: plan.productAssociated,
    is_promo: plan.isPromo,
    is_gift: plan.isGift,
    is_trial: plan.isTrial,
    trial_months: plan.trialMonths,
    trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
    activation_code_type: plan.activationCodeType,
    tracker_ids: profile.trackerIds,
    // The paid subscription (modules/billing); a downgrade starts the day after the term's last day.
    stripe_subscription_end: paid ? Number(paid.end) : null,
    stripe_price_id: paid?.price_id ?? null,
    pay_type: paid ? (paid.pay_type as PayType) : null,
    stripe_customer_id: profile.customerRef,
    downgrading: paid?.downgrade
      ? { ...paid.downgrade, starts_on: nextTermStartDay(Number(paid.end)) }
      : false,
    address_1: profile.address1,
    address_2: profile.address2,
    zipcode: profile.zipcode,
    city: profile.city,
    country: profile.country,
    phone: profile.phone,
  };
}

export interface ModifyInput {
  name?: string | undefined;
  language?: 'en' | 'de' | undefined;
  stay_loggedin?: boolean | undefined;
}

export async function modifyAccount(
  db: Db,
  brand: BrandConfig,
  user: AuthUser,
  session: AuthSession | null,
  input: ModifyInput,
): Promise<MyInfo> {
  await inTransaction(db, async (tx) => {
    await updateProfile(tx, user.id, {
      name: input.name,
      language: input.language,
      stayLoggedIn: input.stay_loggedin,
    });
    // The switch applies to this session at once, not only to the next sign-in.
    if (input.stay_loggedin !== undefined && session) {
      await setSessionRememberMe(tx, user.id, session.id, input.stay_loggedin, shortSessionExpiry());
    }
  });
  return myInfo(db, brand, user.id);
}

export async function updateUserAddress(
  db: DbOrTx,
  brand: BrandConfig,
  user: AuthUser,
  id: string,
  address: Address,
): Promise<MyInfo> {
  // Someone else's id answers exactly like an unknown one.
  if (id !== user.id) throw notFound();
  await updateAddress(db, user.id, address);
  return myInfo(db, brand, user.id);
}
