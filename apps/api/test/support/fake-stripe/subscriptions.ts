import { randomBytes } from 'node:crypto';
import { StripeError } from './error.ts';
import type { Routes } from './http.ts';
import { showInvoice } from './invoices.ts';
import { list, type Obj, type Params } from './objects.ts';
import { itemsOf, periodEnd, priceInterval } from './schedules.ts';
import type { FakeStripeStore } from './store.ts';

// Subscriptions: made `default_incomplete` with their first invoice and payment intent (items, their coupons,
// one-time items, the customer's credit balance drawn on), read with the latest invoice expanded, updated
// (cancel at period end, the default method, items and their prices) and deleted. What Stripe does to one by
// itself as time passes is renewals.ts.

export function subscriptionRoutes(store: FakeStripeStore): Routes {
  const { get, save, newId: id, now, priceCents, objects } = store;

  const createSubscription = (params: Params): Obj => {
    const customer = get('cus', String(params.customer));
    const items = (params.items ?? []) as Array<{ price?: string; discounts?: Array<{ coupon?: string }> }>;
    const lines: Array<Record<string, unknown>> = items.map((item, i) => {
      const amount = priceCents[item.price ?? ''];
      if (amount === undefined) {
        throw new StripeError(400, 'resource_missing', `No such price: '${item.price}'`, {
          param: `items[${i}][price]`,
        });
      }
      // An item's coupons discount that item only (percentages rounded to the nearest cent).
      const discount = (item.discounts ?? []).reduce((sum, entry, j) => {
        const coupon = objects.get(String(entry.coupon));
        const param = `items[${i}][discounts][${j}][coupon]`;
        if (coupon?.object !== 'coupon') {
          throw new StripeError(400, 'resource_missing', `No such coupon: '${entry.coupon}'`, { param });
        }
        // Past its redeem_by or max_redemptions, a coupon stays but is no longer valid (Stripe's `valid`).
        if (coupon.valid === false) {
          throw new StripeError(400, 'coupon_expired', `Coupon expired: ${coupon.id}`, { param });
        }
        const off = coupon.percent_off
          ? Math.round((amount * Number(coupon.percent_off)) / 100)
          : Number(coupon.amount_off);
        return sum + Math.min(off, amount);
      }, 0);
      return { amount: amount - discount, discount_amount: discount, price: { id: item.price } };
    });
    for (const item of (params.add_invoice_items ?? []) as Array<{ price_data?: Params }>) {
      const data = item.price_data ?? {};
      if (objects.get(String(data.product))?.object !== 'product') {
        throw new StripeError(400, 'resource_missing', `No such product: '${data.product}'`);
      }
      lines.push({ amount: Number(data.unit_amount), price_data: data, description: 'one-time' });
    }
    const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    // The customer's credit balance (negative) pays part of the first invoice when it is finalized.
    const startingBalance = Number(customer.balance);
    const applied = Math.max(startingBalance, -total);
    customer.balance = startingBalance - applied;
    const amountDue = total + applied;

    const subscriptionId = id('sub');
    const invoiceId = id('in');
    const methodTypes = ((params.payment_settings as Params | undefined)?.payment_method_types ?? [
      'card',
    ]) as string[];
    const intent = save({
      id: id('pi'),
      object: 'payment_intent',
      amount: amountDue,
      currency: 'eur',
      customer: customer.id,
      status: 'requires_payment_method',
      client_secret: '',
      payment_method_types: methodTypes,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      metadata: {},
      created: now(),
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    save({
      id: invoiceId,
      object: 'invoice',
      customer: customer.id,
      status: 'open',
      currency: 'eur',
      total,
      starting_balance: startingBalance,
      ending_balance: customer.balance,
      amount_due: amountDue,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      metadata: {},
      lines: list(lines, `/v1/invoices/${invoiceId}/lines`),
      payment_settings: { payment_method_types: methodTypes },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: params.metadata ?? {} },
      },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      payments: list(
        [
          {
            id: id('inpay'),
            object: 'invoice_payment',
            invoice: invoiceId,
            is_default: true,
            status: 'open',
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
        `/v1/invoice_payments`,
      ),
      created: now(),
    });
    return save({
      id: subscriptionId,
      object: 'subscription',
      customer: customer.id,
      status: 'incomplete',
      items: list(
        items.map((item) => ({
          id: id('si'),
          object: 'subscription_item',
          price: { id: item.price },
          current_period_start: now(),
          current_period_end: periodEnd(now(), priceInterval(item.price ?? '')),
        })),
        `/v1/subscription_items?subscription=${subscriptionId}`,
      ),
      billing_cycle_anchor: now(),
      schedule: null,
      default_payment_method: null,
      latest_invoice: invoiceId,
      payment_settings: params.payment_settings ?? null,
      cancel_at_period_end: false,
      metadata: params.metadata ?? {},
      created: now(),
    });
  };

  /**
   * Stripe's subscription update, as far as the subscription code uses it: `cancel_at_period_end`, `default_payment_method`, and `items` where an
   * entry with an item's id changes that item's price and one without adds an item (as at Stripe). Prices are
   * checked; `proration_behavior` is kept to be read by tests. A price of the same interval bills nothing now;
   * one of another interval does what Stripe does: the billing cycle restarts now and is invoiced at once
   * (`proration_behavior: 'none'` only leaves out the credit for the unused time).
   */
  const updateSubscription = (subscription: Obj, params: Params): Obj => {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new StripeError(400, 'resource_missing', `A canceled subscription can only update its metadata.`);
    }
    if (params.cancel_at_period_end !== undefined && subscription.schedule) {
      throw new StripeError(
        400,
        '',
        `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    }
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    const items = subscription.items as { data: Array<Record<string, unknown>> };
    for (const entry of (params.items ?? []) as Array<{ id?: string; price?: string }>) {
      if (entry.price !== undefined && priceCents[entry.price] === undefined) {
        throw new StripeError(400, 'resource_missing', `No such price: '${entry.price}'`);
      }
      const item = entry.id ? items.data.find((i) => i.id === entry.id) : undefined;
      if (entry.id && !item) {
        throw new StripeError(400, 'resource_missing', `No such subscription item: '${entry.id}'`);
      }
      const before = item && String((item.price as { id: string }).id);
      if (item) item.price = { id: entry.price };
      else items.data.push({ id: id('si'), object: 'subscription_item', price: { id: entry.price } });
      if (before && entry.price && priceInterval(before) !== priceInterval(entry.price)) {
        restartCycle(subscription, entry.price);
      }
    }
    if (params.proration_behavior !== undefined) subscription.proration_behavior = params.proration_behavior;
    if ('default_payment_method' in params) {
      subscription.default_payment_method = get('pm', String(params.default_payment_method)).id;
    }
    return subscription;
  };

  /** A price of another interval: the billing period restarts now and its first period is invoiced at once. */
  const restartCycle = (subscription: Obj, price: string) => {
    const start = now();
    const end = periodEnd(start, priceInterval(price));
    for (const item of itemsOf(subscription))
      Object.assign(item, { current_period_start: start, current_period_end: end });
    subscription.billing_cycle_anchor = start;
    const invoiceId = id('in');
    const amount = priceCents[price] ?? 0;
    save({
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      currency: 'eur',
      total: amount,
      amount_due: amount,
      amount_paid: 0,
      billing_reason: 'subscription_update',
      metadata: {},
      lines: list(
        [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            period: { start, end },
            pricing: { price_details: { price } },
          },
        ],
        `/v1/invoices/${invoiceId}/lines`,
      ),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata ?? {} },
      },
      payments: list([], '/v1/invoice_payments'),
      created: start,
    });
    subscription.latest_invoice = invoiceId;
  };

  const showSubscription = (subscription: Obj, expand: string[]) => {
    const nested = expand.filter((e) => e.startsWith('latest_invoice')).map((e) => e.slice(15));
    if (nested.length === 0) return subscription;
    const invoice = get('in', String(subscription.latest_invoice));
    return { ...subscription, latest_invoice: showInvoice(invoice, nested) };
  };

  return {
    'POST /v1/subscriptions': ({ params, expand }) => showSubscription(createSubscription(params), expand),
    'GET /v1/subscriptions/sub_:id': ({ objectId, expand }) => showSubscription(get('sub', objectId), expand),
    'POST /v1/subscriptions/sub_:id': ({ objectId, params, expand }) =>
      showSubscription(updateSubscription(get('sub', objectId), params), expand),
    'DELETE /v1/subscriptions/sub_:id': ({ objectId, params }) => {
      const subscription = get('sub', objectId);
      if (subscription.status === 'canceled') {
        throw new StripeError(400, 'resource_missing', `No such subscription: '${objectId}'`);
      }
      subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
      subscription.canceled_at = now();
      subscription.cancellation_details = { prorate: params.prorate, invoice_now: params.invoice_now };
      return subscription;
    },
  };
}
