import type { PetRole } from '@pet/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { customerRefOf } from '../billing/orders/orders.repo.ts';
import {
  type PaidSubscriptionFields,
  paidSubscriptionJson,
} from '../billing/subscription/subscription.repo.ts';
import { petNamesJson } from '../pets/pets.repo.ts';
import { trackerIdsJson } from '../plans/trackers.repo.ts';

// Every query here is scoped by the signed-in user's id.

export type Profile = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'name'
  | 'email'
  | 'emailVerified'
  | 'image'
  | 'role'
  | 'language'
  | 'stayLoggedIn'
  | 'phone'
  | 'address1'
  | 'address2'
  | 'zipcode'
  | 'city'
  | 'country'
> & {
  /** id and name of each pet, oldest first. */
  pets: Array<{ id: string; name: string; role: PetRole; owner_name: string | null }>;
  trackerIds: string[];
  /** The active paid subscription (modules/billing), null without one. */
  subscription: PaidSubscriptionFields | null;
  customerRef: string | null;
};

/**
 * The profile with the user's pets, trackers and paid subscription: one query (the pets, trackers and billing
 * modules give their SQL).
 */
export async function findProfile(db: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      image: users.image,
      role: users.role,
      language: users.language,
      stayLoggedIn: users.stayLoggedIn,
      phone: users.phone,
      address1: users.address1,
      address2: users.address2,
      zipcode: users.zipcode,
      city: users.city,
      country: users.country,
      pets: petNamesJson(users.id),
      trackerIds: trackerIdsJson(users.id),
      subscription: paidSubscriptionJson(users.id),
      customerRef: customerRefOf(users.id),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export interface ProfileChanges {
  name?: string | undefined;
  language?: string | undefined;
  stayLoggedIn?: boolean | undefined;
}

export async function updateProfile(db: DbOrTx, userId: string, changes: ProfileChanges): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.update(users).set(set).where(eq(users.id, userId));
}

export interface Address {
  address1: string | null;
  address2: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}

export async function updateAddress(db: DbOrTx, userId: string, address: Address): Promise<void> {
  await db.update(users).set(address).where(eq(users.id, userId));
}

/**
 * Applies "stay signed in" to a running session: off marks it short and brings its end to at most `cap`;
 * on lets the next refresh extend it again.
 */
export async function setSessionRememberMe(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  rememberMe: boolean,
  cap: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set(
      rememberMe
        ? { rememberMe: true }
        : {
            rememberMe: false,
            expiresAt: sql`least(${sessions.expiresAt}, ${cap.toISOString()}::timestamptz)`,
          },
    )
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}
