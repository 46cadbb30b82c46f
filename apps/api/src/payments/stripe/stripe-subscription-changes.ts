import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { refOf } from './stripe-ref.ts';

// Changes to a running subscription at Stripe: the price of the next term (through a subscription schedule)
// and the release of that schedule, each under a key of its own call.

/**
 * The idempotency key of one subscription change. A user may cancel, revoke and cancel again: a key per
 * state would replay the first cancel's stored answer and change nothing, so each call has its own key,
 * which the SDK reuses for its own retries of that call. Setting a state twice is harmless at Stripe.
 */
export function changeKey(subscriptionRef: string, change: string): string {
  return `${subscriptionRef}-${change}-${randomUUID()}`;
}

/**
 * The price billed from the next term on, the way Stripe changes a price at a period's end: a subscription
 * schedule (made from the subscription) whose current phase stays as it is until the term's end and whose
 * next phase bills the new price for one of its periods; then the schedule releases the subscription, which
 * renews on that price. A plain update of the item's price would, for a price of another interval (a monthly
 * payer's yearly target), restart the billing cycle now and invoice the new price at once. The current price
 * again (a withdrawn downgrade) releases the schedule: the subscription renews as it is.
 */
export async function scheduleNextTermPrice(stripe: Stripe, subscriptionRef: string, priceId: string) {
  const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscriptionRef} has no item to change`);
  if (item.price.id === priceId) {
    await releaseSchedule(stripe, subscription);
    return;
  }
  const price = await stripe.prices.retrieve(priceId);
  if (!price.recurring) throw new Error(`Stripe price ${priceId} does not recur`);
  const scheduleRef = refOf(subscription.schedule);
  const schedule = scheduleRef
    ? await stripe.subscriptionSchedules.retrieve(scheduleRef)
    : await stripe.subscriptionSchedules.create(
        { from_subscription: subscriptionRef },
        { idempotencyKey: changeKey(subscriptionRef, 'schedule') },
      );
  const current = schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date);
  if (!current) throw new Error(`Stripe schedule ${schedule.id} of ${subscriptionRef} has no current phase`);
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        {
          start_date: current.start_date,
          end_date: current.end_date,
          items: current.items.map((entry) => ({
            price: refOf(entry.price) ?? '',
            quantity: entry.quantity ?? 1,
            ...(entry.discounts.length > 0 && {
              discounts: entry.discounts.map((d) =>
                d.discount ? { discount: refOf(d.discount)! } : { coupon: refOf(d.coupon) ?? '' },
              ),
            }),
          })),
          proration_behavior: 'none',
        },
        {
          items: [{ price: priceId, quantity: 1 }],
          duration: { interval: price.recurring.interval, interval_count: price.recurring.interval_count },
          proration_behavior: 'none',
        },
      ],
    },
    { idempotencyKey: changeKey(subscriptionRef, `schedule-${priceId}`) },
  );
}

/** Ends the subscription's schedule, if it has one, leaving the subscription as it is. */
export async function releaseSchedule(stripe: Stripe, subscription: Stripe.Subscription) {
  const scheduleRef = refOf(subscription.schedule);
  if (!scheduleRef) return;
  await stripe.subscriptionSchedules.release(
    scheduleRef,
    {},
    { idempotencyKey: changeKey(subscription.id, 'release-schedule') },
  );
}
