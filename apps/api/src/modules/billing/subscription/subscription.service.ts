import {
  type BrandConfig,
  type CancelAtResponse,
  type CancelResponse,
  type DowngradeResponse,
  type Downgrading,
  downgradeList,
  downgradePriceId,
  nextTermStartDay,
  type PayType,
} from '@pet/shared';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { type AppError, conflict, serviceUnavailable } from '../../../lib/errors.ts';
import { assertMayDowngrade } from '../../plans/entitlements.service.ts';
import { currentPlan } from '../../plans/membership.service.ts';
import { findProductById, listProducts, toProduct } from '../../plans/products.repo.ts';
import { findSubscription, type SubscriptionRow } from '../subscription-row.ts';
import { changeSubscription, lockSubscription, NO_DOWNGRADE } from './subscription.repo.ts';
import { queueSubscriptionMail } from './subscription-mails.ts';
import type { SubscriptionTermDeps } from './subscription-term-deps.ts';

// Cancel, revoke, downgrade and its withdrawal (ADR 0011 "Cancel, revoke, downgrade"), on the signed-in user's
// own subscription. Each change locks the subscription row, tells the provider, and only then commits: when
// the provider fails, the request answers 502 and nothing changed here (a cancel that got halfway there, the
// next price reset but not the end, is set right by the user's next call, which sends the whole state again;
// renewals take the plan from the price paid). A repeat of what is already the state answers the same and
// tells nobody again. Concurrent calls queue on the row, provider call included. A change's mail is a job
// sent in its transaction (subscription-mails.ts).

/** What a change the user asks for uses: the term's deps without the mailer (its mail is a job) or renewal pricing. */
export type SubscriptionChangeDeps = Pick<
  SubscriptionTermDeps,
  'db' | 'brand' | 'payments' | 'clock' | 'jobs' | 'log'
>;

const noPaidSubscription = () => conflict('No_Paid_Subscription_Text');
const unixSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000);

/** Paid: renewing or being retried, and its term not over (a term-end job that has not run yet). */
function isPaid(subscription: SubscriptionRow | undefined, now: Date): subscription is SubscriptionRow {
  return (
    subscription !== undefined &&
    (subscription.status === 'active' || subscription.status === 'past_due') &&
    subscription.currentPeriodEnd > now
  );
}

/** The provider's answer to a change it could not make: a gateway failure, and nothing changed here. */
async function atProvider(
  deps: SubscriptionChangeDeps,
  subscription: SubscriptionRow,
  call: (ref: string) => Promise<void>,
) {
  // A subscription the provider holds no object for (none made yet) has nothing to tell.
  if (!subscription.subscriptionRef) return;
  try {
    await call(subscription.subscriptionRef);
  } catch (error) {
    deps.log.error(
      { err: error, provider: deps.payments.name },
      'subscription change refused by the provider',
    );
    throw serviceUnavailable('Server_Down_Text', 502);
  }
}

/** Locks the user's paid subscription; without one, `refuse` says why. */
async function lockPaid(
  tx: Tx,
  deps: SubscriptionChangeDeps,
  userId: string,
  refuse: () => Promise<AppError> | AppError = noPaidSubscription,
): Promise<SubscriptionRow> {
  const subscription = await lockSubscription(tx, userId);
  if (!isPaid(subscription, deps.clock())) throw await refuse();
  return subscription;
}

/** Free (default plan) users have nothing to terminate; promo, gift and trial users no paid subscription. */
async function whyNoCancel(db: DbOrTx, brand: BrandConfig, userId: string): Promise<AppError> {
  const plan = await currentPlan(db, brand, userId);
  return plan.product === null || plan.product.isDefault
    ? conflict('Free_Plan_Cannot_Terminate_Text')
    : noPaidSubscription();
}

/** GET /v1/subscription/cancelat */
export async function cancelStatus(deps: SubscriptionChangeDeps, userId: string): Promise<CancelAtResponse> {
  const subscription = await findSubscription(deps.db, userId);
  if (!isPaid(subscription, deps.clock())) return { status: 'none', end_date: null };
  return {
    status: subscription.cancelAt ? 'cancel' : 'active',
    end_date: unixSeconds(subscription.currentPeriodEnd),
  };
}

/** POST /v1/subscription/cancel */
export async function cancel(deps: SubscriptionChangeDeps, userId: string): Promise<CancelResponse> {
  return inTransaction(deps.db, async (tx) => {
    const paid = await lockPaid(tx, deps, userId, () => whyNoCancel(tx, deps.brand, userId));
    const end = unixSeconds(paid.currentPeriodEnd);
    if (paid.cancelAt) return { current_phase: { end_date: end } };
    await atProvider(deps, paid, async (ref) => {
      // The next term's price back to the current one first: a later revoke renews the plan paid for.
      if (paid.downgradePriceId) await deps.payments.setNextTermPrice(ref, paid.priceId);
      await deps.payments.setCancelAtPeriodEnd(ref, true);
    });
    await changeSubscription(tx, userId, { cancelAt: paid.currentPeriodEnd, ...NO_DOWNGRADE });
    const plan = await findProductById(tx, paid.productId);
    await queueSubscriptionMail(tx, deps.jobs, {
      kind: 'cancellation-confirmed',
      userId,
      plan: plan?.name ?? paid.productId,
      endsAtUnix: end,
    });
    return { current_phase: { end_date: end } };
  });
}

/** POST /v1/subscription/cancel/revoke: the term renews again (after its end: nothing to revoke, 409). */
export async function revoke(deps: SubscriptionChangeDeps, userId: string): Promise<CancelAtResponse> {
  return inTransaction(deps.db, async (tx) => {
    const paid = await lockPaid(tx, deps, userId);
    if (paid.cancelAt) {
      await atProvider(deps, paid, (ref) => deps.payments.setCancelAtPeriodEnd(ref, false));
      await changeSubscription(tx, userId, { cancelAt: null });
    }
    return { status: 'active', end_date: unixSeconds(paid.currentPeriodEnd) };
  });
}

function downgradingOf(
  subscription: SubscriptionRow,
  target: { id: string; name: string } | undefined,
): Downgrading | false {
  if (!subscription.downgradeProductId || !target) return false;
  return {
    product_id: target.id,
    product_name: target.name,
    starts_on: nextTermStartDay(unixSeconds(subscription.currentPeriodEnd)),
  };
}

/** POST /v1/subscription/downgrade { price_id } */
export async function downgrade(
  deps: SubscriptionChangeDeps,
  userId: string,
  priceId: string,
): Promise<DowngradeResponse> {
  // Gift users first: they have no paid subscription, and their answer is the "can't downgrade" popup.
  await assertMayDowngrade(deps.db, deps.brand, userId);
  return inTransaction(deps.db, async (tx) => {
    const paid = await lockPaid(tx, deps, userId);
    if (paid.cancelAt) throw conflict('Cancellation_Pending_Text');
    const products = (await listProducts(tx, deps.brand.partnerId, { activeOnly: true })).map(toProduct);
    const current = products.find((p) => p.id === paid.productId);
    const target =
      current &&
      downgradeList(products, current, deps.brand).find(
        (p) => downgradePriceId(p, current, paid.payType as PayType) === priceId,
      );
    if (!target) throw conflict('Downgrade_Not_Possible_Text');
    if (paid.downgradePriceId === priceId) return { downgrading: downgradingOf(paid, target) };
    await atProvider(deps, paid, (ref) => deps.payments.setNextTermPrice(ref, priceId));
    const payType: PayType = priceId === target.monthly_price_id ? 'monthly' : 'yearly';
    await changeSubscription(tx, userId, {
      downgradeProductId: target.id,
      downgradePriceId: priceId,
      downgradePayType: payType,
    });
    const downgrading = downgradingOf({ ...paid, downgradeProductId: target.id }, target);
    if (downgrading) {
      await queueSubscriptionMail(tx, deps.jobs, {
        kind: 'downgrade-scheduled',
        userId,
        plan: downgrading.product_name,
        startsOn: downgrading.starts_on,
      });
    }
    return { downgrading };
  });
}

/** POST /v1/subscription/cancel/downgrade: the next term renews the current plan again. */
export async function withdrawDowngrade(
  deps: SubscriptionChangeDeps,
  userId: string,
): Promise<DowngradeResponse> {
  return inTransaction(deps.db, async (tx) => {
    const paid = await lockPaid(tx, deps, userId);
    if (paid.downgradePriceId) {
      await atProvider(deps, paid, (ref) => deps.payments.setNextTermPrice(ref, paid.priceId));
      await changeSubscription(tx, userId, NO_DOWNGRADE);
    }
    return { downgrading: false };
  });
}
