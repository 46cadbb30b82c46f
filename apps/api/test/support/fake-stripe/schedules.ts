import { addMonths } from '../../../src/lib/dates.ts';
import { StripeError } from './error.ts';
import type { Routes } from './http.ts';
import type { Obj, Params } from './objects.ts';
import type { FakeStripeStore } from './store.ts';

// Stripe's subscription schedules in the fake, as far as the Stripe provider uses them (a downgrade from the
// term's end, ADR 0011): made `from_subscription` (one phase: the subscription's items for its current period,
// end_behavior release), its phases replaced by an update (the current phase must keep its start), released.
// A subscription names its schedule and, while it has one, Stripe refuses to change its cancellation directly.
// The fake has no clock: its renewal moves a schedule on (`enterNextPhase`), and after the last phase the
// schedule is released as `end_behavior: 'release'` does.

interface Phase {
  start_date: number;
  end_date: number;
  items: Array<{ price: string; quantity: number; discounts: Array<Record<string, string | null>> }>;
  proration_behavior: string;
}

type Item = { id: string; price: { id: string }; current_period_start: number; current_period_end: number };

/** The catalogue's price ids name their interval (`…_monthly`, `…_yearly`); the tests' own prices are monthly. */
export function priceInterval(priceId: string): 'month' | 'year' {
  return priceId.endsWith('_yearly') ? 'year' : 'month';
}

/** The end of `count` periods of `interval` from `start` (unix seconds), in calendar months like Stripe. */
export function periodEnd(start: number, interval: string, count = 1): number {
  const months = (interval === 'year' ? 12 : 1) * count;
  return Math.floor(addMonths(new Date(start * 1000), months).getTime() / 1000);
}

export const itemsOf = (subscription: Obj) => (subscription.items as { data: Item[] }).data;

function scheduleOf(store: FakeStripeStore, scheduleId: string): Obj {
  const schedule = store.get('sub_sched', scheduleId);
  if (schedule.object !== 'subscription_schedule') {
    throw new StripeError(404, 'resource_missing', `No such subscription schedule: '${scheduleId}'`);
  }
  return schedule;
}

function assertOpen(schedule: Obj, action: string) {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw new StripeError(
      400,
      '',
      `You cannot ${action} a subscription schedule that is currently in the \`${schedule.status}\` status.`,
    );
  }
}

export function createSchedule(store: FakeStripeStore, params: Params): Obj {
  const ref = params.from_subscription;
  if (typeof ref !== 'string') {
    throw new StripeError(400, 'parameter_missing', 'The fake makes schedules from_subscription only.');
  }
  const other = Object.keys(params).find((key) => key !== 'from_subscription' && key !== 'expand');
  if (other) {
    throw new StripeError(
      400,
      'parameter_invalid',
      `You cannot set '${other}' when using 'from_subscription'.`,
      {
        param: other,
      },
    );
  }
  const subscription = store.get('sub', ref);
  if (subscription.schedule) {
    throw new StripeError(
      400,
      '',
      `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
    );
  }
  if (!['active', 'past_due', 'trialing'].includes(String(subscription.status))) {
    throw new StripeError(400, '', `You cannot migrate a subscription in status ${subscription.status}.`);
  }
  const items = itemsOf(subscription);
  const first = items[0]!;
  const phase: Phase = {
    start_date: first.current_period_start,
    end_date: first.current_period_end,
    items: items.map((item) => ({ price: item.price.id, quantity: 1, discounts: [] })),
    proration_behavior: 'create_prorations',
  };
  const schedule = store.save({
    id: store.newId('sub_sched'),
    object: 'subscription_schedule',
    status: 'active',
    subscription: subscription.id,
    customer: subscription.customer,
    end_behavior: 'release',
    phases: [phase],
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
    released_at: null,
    released_subscription: null,
    canceled_at: null,
    completed_at: null,
    metadata: {},
    created: store.now(),
  });
  subscription.schedule = schedule.id;
  return schedule;
}

export const retrieveSchedule = scheduleOf;

type PhaseParams = {
  items?: Array<{ price?: string; quantity?: string; discounts?: Array<Record<string, string>> }>;
  start_date?: string;
  end_date?: string;
  duration?: { interval?: string; interval_count?: string };
  proration_behavior?: string;
};

export function updateSchedule(store: FakeStripeStore, scheduleId: string, params: Params): Obj {
  const schedule = scheduleOf(store, scheduleId);
  assertOpen(schedule, 'update');
  if (params.end_behavior !== undefined) schedule.end_behavior = params.end_behavior;
  if (params.proration_behavior !== undefined) schedule.proration_behavior = params.proration_behavior;
  if (params.phases === undefined) return schedule;
  const current = schedule.current_phase as { start_date: number };
  let start = current.start_date;
  schedule.phases = (params.phases as PhaseParams[]).map((entry, i): Phase => {
    if (i === 0 && Number(entry.start_date) !== current.start_date) {
      throw new StripeError(
        400,
        'parameter_invalid',
        'You can not modify the start date of the current phase.',
        {
          param: 'phases[0][start_date]',
        },
      );
    }
    if (entry.end_date !== undefined && entry.duration !== undefined) {
      throw new StripeError(400, 'parameter_invalid', 'You may only specify one of end_date and duration.', {
        param: `phases[${i}]`,
      });
    }
    const items = (entry.items ?? []).map((item, j) => {
      if (!item.price || store.priceCents[item.price] === undefined) {
        throw new StripeError(400, 'resource_missing', `No such price: '${item.price}'`, {
          param: `phases[${i}][items][${j}][price]`,
        });
      }
      const discounts = (item.discounts ?? []).map((d) => ({
        coupon: d.coupon ?? null,
        discount: d.discount ?? null,
        promotion_code: null,
      }));
      return { price: item.price, quantity: Number(item.quantity ?? 1), discounts };
    });
    if (items.length === 0) {
      throw new StripeError(400, 'parameter_missing', 'Each phase needs items.', {
        param: `phases[${i}][items]`,
      });
    }
    // Without an end or a duration a phase lasts one period of its price.
    const phaseStart = entry.start_date !== undefined ? Number(entry.start_date) : start;
    const end =
      entry.end_date !== undefined
        ? Number(entry.end_date)
        : periodEnd(
            phaseStart,
            entry.duration?.interval ?? priceInterval(items[0]!.price),
            Number(entry.duration?.interval_count ?? 1),
          );
    start = end;
    return {
      start_date: phaseStart,
      end_date: end,
      items,
      proration_behavior: entry.proration_behavior ?? 'create_prorations',
    };
  });
  return schedule;
}

/** Releases the schedule: it stops, the subscription stays as it is and names no schedule any more. */
export function releaseSchedule(store: FakeStripeStore, scheduleId: string): Obj {
  const schedule = scheduleOf(store, scheduleId);
  assertOpen(schedule, 'release');
  const subscription = store.get('sub', String(schedule.subscription));
  subscription.schedule = null;
  Object.assign(schedule, {
    status: 'released',
    released_at: store.now(),
    released_subscription: subscription.id,
    subscription: null,
  });
  return schedule;
}

/**
 * A renewal of a subscription with a schedule: the phase after the current one starts (its price is billed from
 * now on); after the last phase the schedule ends by its end_behavior (release).
 */
export function enterNextPhase(store: FakeStripeStore, subscription: Obj): void {
  if (!subscription.schedule) return;
  const schedule = scheduleOf(store, String(subscription.schedule));
  const phases = schedule.phases as Phase[];
  const current = schedule.current_phase as { start_date: number };
  const next = phases[phases.findIndex((phase) => phase.start_date === current.start_date) + 1];
  if (!next) {
    releaseSchedule(store, schedule.id);
    return;
  }
  const item = itemsOf(subscription)[0]!;
  item.price = { id: next.items[0]!.price };
  schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
}

/** A downgrade from the term's end (issue 14): the subscription's schedule and the target price's interval. */
export function scheduleRoutes(store: FakeStripeStore): Routes {
  return {
    'POST /v1/subscription_schedules': ({ params }) => createSchedule(store, params),
    'GET /v1/subscription_schedules/sub_sched_:id': ({ objectId }) => retrieveSchedule(store, objectId),
    'POST /v1/subscription_schedules/sub_sched_:id': ({ objectId, params }) =>
      updateSchedule(store, objectId, params),
    'POST /v1/subscription_schedules/sub_sched_:id/release': ({ objectId }) =>
      releaseSchedule(store, objectId),
  };
}
