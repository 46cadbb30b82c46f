import { inTransaction } from '../../db/transaction.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { accountDeletedMail } from '../../mail/templates/account-deleted.ts';
import { householdEndedMail } from '../../mail/templates/household-ended.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { userFolder } from '../../storage/keys.ts';
import { membersOfOwnersPets } from '../household/household.repo.ts';
import { freeTrackersOf } from '../plans/trackers.repo.ts';
import {
  anonymiseOrders,
  deleteJobsOf,
  deleteUserRow,
  deleteVerificationsOf,
  findUserToErase,
  openSubscriptionOf,
  storageKeysOf,
} from './deletion.repo.ts';

// The erasure of an account whose deletion was requested (ADR 0012): at the next sign-out or by the
// account.deletion job, whichever comes first. Idempotent: a user who is gone already is nothing to do.
// Order: the provider first (a failure throws, so the job tries again before anything is lost), then the
// files (a retry finds their rows still there), then every row in one transaction, then the mail.

export type ErasureDeps = Pick<
  AppContext,
  'db' | 'storage' | 'payments' | 'throttle' | 'mailer' | 'log' | 'brand' | 'publicUrl' | 'clock'
>;

/** Erases the account; false when there was none (erased before). `runningJobId`: the job calling this. */
export async function eraseAccount(
  deps: ErasureDeps,
  userId: string,
  options: { runningJobId?: string } = {},
): Promise<boolean> {
  const subscription = await openSubscriptionOf(deps.db, userId);
  if (subscription && subscription.status !== 'ended' && subscription.subscriptionRef) {
    // At once, not at the term's end: nobody is left to use the plan (the provider answers a repeat kindly).
    await deps.payments.endSubscription(subscription.subscriptionRef);
  }

  for (const key of await storageKeysOf(deps.db, userId)) await deps.storage.delete(key);
  await deps.storage.deletePrefix(userFolder(userId));

  const erased = await inTransaction(deps.db, async (tx) => {
    const user = await findUserToErase(tx, userId);
    if (!user) return undefined;
    // The households around the user's pets end with them (issue 45): their members are told below.
    const members = await membersOfOwnersPets(tx, userId, deps.clock());
    // Reminders, plan ends, the term's job, erasure warnings, mails, the deletion job itself when the
    // sign-out came first: pending or finished, none is left to name the user.
    await deleteJobsOf(tx, userId, options.runningJobId);
    await anonymiseOrders(tx, userId);
    await deleteVerificationsOf(tx, user);
    await freeTrackersOf(tx, userId);
    // Everything else of the user goes with this row (ON DELETE CASCADE): sessions, accounts, pets and all
    // that hangs on them, plan, subscription, customer, coupons redeemed, calendar feed, emergency data.
    await deleteUserRow(tx, userId);
    return { ...user, members };
  });
  if (!erased) return false;
  await deps.throttle.cleared(erased.email);

  const brand = deps.brand.displayName;
  const message = accountDeletedMail({
    to: erased.email,
    name: erased.name,
    language: mailLanguage(erased.language),
    brand,
    url: deps.publicUrl,
  });
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The account is gone either way; the address is not logged.
    deps.log.error({ err, userId }, 'account deletion mail failed');
  }
  for (const member of erased.members) {
    const ended = householdEndedMail({
      to: member.email,
      name: member.name,
      language: mailLanguage(member.language),
      brand,
      ownerName: erased.name,
      petName: member.petName,
      url: deps.publicUrl,
    });
    await deps.mailer.send(ended).catch((err: unknown) => {
      deps.log.error({ err, userId }, 'household ended mail failed');
    });
  }
  deps.log.info({ userId }, 'account erased');
  return true;
}
