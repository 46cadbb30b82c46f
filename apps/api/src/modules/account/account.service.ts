import type { MyInfo } from '@pet/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { shortSessionExpiry } from '../../lib/auth-sessions.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthSession, AuthUser } from '../../plugins/auth.ts';
import {
  type Address,
  findProfile,
  setSessionRememberMe,
  trackerIdsOf,
  updateAddress,
  updateProfile,
} from './account.repo.ts';

// The signed-in user's own profile: GET myinfo, name/language/stay-signed-in, address.

export async function myInfo(db: DbOrTx, userId: string): Promise<MyInfo> {
  const profile = await findProfile(db, userId);
  // The session was valid a moment ago; a vanished account is a signed-out one.
  if (!profile) throw unauthorized();
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
    // Pets arrive with the pets issue; products, promo/gift/trial with the plans issue.
    pets: [],
    product: null,
    product_associated: false,
    is_promo: false,
    is_gift: false,
    is_trial: false,
    trial_months: null,
    activation_code_type: null,
    tracker_ids: await trackerIdsOf(db, userId),
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
  return myInfo(db, user.id);
}

export async function updateUserAddress(
  db: DbOrTx,
  user: AuthUser,
  id: string,
  address: Address,
): Promise<MyInfo> {
  // Someone else's id answers exactly like an unknown one.
  if (id !== user.id) throw notFound();
  await updateAddress(db, user.id, address);
  return myInfo(db, user.id);
}
