import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { euroToCents } from '@pet/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { loadAllCatalogues } from '../../src/modules/plans/catalogue.ts';
import { StripeError } from './fake-stripe-error.ts';
import type { Obj, Params } from './fake-stripe-objects.ts';
import {
  createSchedule,
  enterNextPhase,
  itemsOf,
  periodEnd,
  priceInterval,
  releaseSchedule,
  retrieveSchedule,
  type ScheduleStore,
  updateSchedule,
} from './fake-stripe-schedules.ts';

// A small fake of Stripe's HTTP API for the Stripe provider's tests (Stripe's servers cannot be reached here,
// and there is no stripe-mock). The real `stripe` SDK talks to it over HTTP: form-encoded bodies, Stripe-shaped
// objects and errors, the bearer key checked, and Idempotency-Key honoured as Stripe does (a repeated key
// answers the stored response; the same key with other parameters is refused). Only the endpoints the provider
// calls exist. A test moves a payment on (`settle`) and gets the events Stripe would send, signed.

export type { Obj, Params };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Params;
}

export interface SignedEvent {
  type: string;
  body: Buffer;
  header: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  /** Stored objects by id (customers, coupons, subscriptions, invoices, payment intents, ...). */
  objects: Map<string, Obj>;
  /** Moves an invoice's payment on and answers the events Stripe would send, in Stripe's order. */
  settle(
    invoiceId: string,
    outcome: 'paid' | 'processing' | 'failed',
    failure?: { code?: string; decline_code?: string; message?: string },
  ): SignedEvent[];
  /**
   * Completes a setup-mode Checkout session with a new card (Visa 4242) or SEPA (DE … 3000) method and answers
   * the events Stripe would send (setup_intent.succeeded, checkout.session.completed).
   */
  completeSetup(sessionId: string, kind: 'card' | 'sepa'): SignedEvent[];
  /**
   * Stripe renewing a subscription by itself: a cycle invoice for the next period on the subscription's price,
   * charged off-session, and the events Stripe sends (paid: payment_intent.succeeded, invoice.payment_succeeded,
   * invoice.paid; failed: payment_intent.payment_failed, invoice.payment_failed).
   */
  renew(
    subscriptionId: string,
    outcome: 'paid' | 'failed',
    period: { start: number; end: number },
  ): SignedEvent[];
  /** Stripe ending a subscription (its last retry failed, or a cancelled term ended): customer.subscription.deleted. */
  deleteSubscription(subscriptionId: string): SignedEvent[];
  /** Any event, signed (for the types the provider ignores). */
  signEvent(type: string, object: Record<string, unknown>, options?: { timestamp?: number }): SignedEvent;
  /**
   * The events Stripe sent by itself after a call of the app (an open invoice paid through `invoices.pay`),
   * oldest first; taking them empties the list.
   */
  takeSentEvents(): SignedEvent[];
  /** Forgets the idempotency keys, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

const WEBHOOK_SIGNER = new Stripe('sk_test_signer');

/** Stripe's form encoding back to nested objects: `a[b][0]=x` → { a: { b: ['x'] } }. */
export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Params;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** Every brand's catalogue price ids with their amounts in cents, as the operator made them at Stripe. */
export async function cataloguePrices(): Promise<Record<string, number>> {
  const prices: Record<string, number> = {};
  for (const file of await loadAllCatalogues()) {
    for (const product of file.products) {
      if (product.monthly_price_id) prices[product.monthly_price_id] = euroToCents(product.monthly_price);
      if (product.yearly_price_id) prices[product.yearly_price_id] = euroToCents(product.yearly_price);
    }
  }
  return prices;
}

/**
 * The fake Stripe for the calling scope of an API test file, and the env that points the app at it. Call it
 * before useTestApp and hand it the env (filled in this scope's beforeAll, which runs before the app's):
 *   const stripe = useFakeStripe();
 *   const t = useTestApp({ env: stripe.env });
 */
export function useFakeStripe(prices?: Record<string, number>): {
  env: Record<string, string>;
  readonly fake: FakeStripe;
} {
  let current: FakeStripe | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    current = await startFakeStripe(prices);
    Object.assign(env, {
      STRIPE_SECRET_KEY: current.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_stripe',
      STRIPE_WEBHOOK_SECRET: current.webhookSecret,
      STRIPE_API_URL: current.url,
    });
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    env,
    get fake() {
      if (!current) throw new Error('useFakeStripe: the fake exists from beforeAll to afterAll of its scope');
      return current;
    },
  };
}

/**
 * Starts the fake on 127.0.0.1. `prices`: price ids with their amounts in cents (default: every catalogue's);
 * an unknown price is refused like Stripe's missing resource.
 */
export async function startFakeStripe(prices?: Record<string, number>): Promise<FakeStripe> {
  const priceCents = prices ?? (await cataloguePrices());
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const objects = new Map<string, Obj>();
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { params: string; status: number; body: unknown }>();

  const get = (prefix: string, objectId: string): Obj => {
    const found = objects.get(objectId);
    if (!found?.id.startsWith(`${prefix}_`)) {
      throw new StripeError(404, 'resource_missing', `No such object: '${objectId}'`);
    }
    return found;
  };
  const save = <T extends Obj>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };

  /** The invoice as the API shows it: `confirmation_secret` and `payments` only when expanded. */
  const showInvoice = (invoice: Obj, expand: string[]) => {
    const { confirmation_secret, payments, ...shown } = invoice;
    return {
      ...shown,
      ...(expand.includes('confirmation_secret') ? { confirmation_secret } : {}),
      ...(expand.includes('payments') ? { payments } : {}),
    };
  };

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

  const createSetupSession = (params: Params): Obj => {
    if (params.mode !== 'setup') throw new StripeError(400, 'parameter_invalid', 'Only setup mode is faked.');
    const customer = get('cus', String(params.customer));
    const intent = save({
      id: id('seti'),
      object: 'setup_intent',
      customer: customer.id,
      status: 'requires_payment_method',
      payment_method: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      created: now(),
    });
    const sessionId = id('cs_test');
    return save({
      id: sessionId,
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      customer: customer.id,
      setup_intent: intent.id,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      metadata: params.metadata ?? {},
      created: now(),
    });
  };

  /**
   * Stripe's subscription update, as far as the lifecycle uses it: `cancel_at_period_end`, `default_payment_method`, and `items` where an
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

  /** Events Stripe sends by itself after an app's call (takeSentEvents). */
  const sent: SignedEvent[] = [];

  const scheduleStore: ScheduleStore = { get, save, newId: id, now, priceCents };

  const showSubscription = (subscription: Obj, expand: string[]) => {
    const nested = expand.filter((e) => e.startsWith('latest_invoice')).map((e) => e.slice(15));
    if (nested.length === 0) return subscription;
    const invoice = get('in', String(subscription.latest_invoice));
    return { ...subscription, latest_invoice: showInvoice(invoice, nested) };
  };

  const handle = (method: string, path: string, params: Params): unknown => {
    const expand = ((params.expand ?? []) as string[]).map(String);
    const route = `${method} ${path.replace(/\/(sub_sched|cus|sub|in|pi|seti|pm|price)_\w+/g, '/$1_:id')}`;
    const objectId = /\/((?:sub_sched|cus|sub|in|pi|seti|pm|price)_\w+)/.exec(path)?.[1] ?? '';
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    switch (route) {
      case 'POST /v1/customers':
        return save({
          id: id('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          balance: 0,
          metadata,
          created: now(),
        });
      case 'POST /v1/products': {
        const productId = typeof params.id === 'string' ? params.id : id('prod');
        if (objects.has(productId)) {
          throw new StripeError(400, 'resource_already_exists', 'Product already exists.');
        }
        return save({ id: productId, object: 'product', name: params.name, active: true, metadata });
      }
      case 'POST /v1/coupons': {
        const couponId = typeof params.id === 'string' ? params.id : id('co');
        if (objects.has(couponId)) {
          throw new StripeError(400, 'resource_already_exists', 'Coupon already exists.');
        }
        return save({
          id: couponId,
          object: 'coupon',
          percent_off: params.percent_off ? Number(params.percent_off) : null,
          amount_off: params.amount_off ? Number(params.amount_off) : null,
          currency: params.currency ?? null,
          duration: params.duration,
          duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
          name: params.name ?? null,
          metadata,
          valid: true,
        });
      }
      case 'POST /v1/customers/cus_:id/balance_transactions': {
        const customer = get('cus', objectId);
        const amount = Number(params.amount);
        const ending = Number(customer.balance) + amount;
        customer.balance = ending;
        return save({
          id: id('cbtxn'),
          object: 'customer_balance_transaction',
          customer: customer.id,
          amount,
          currency: params.currency,
          ending_balance: ending,
          description: params.description ?? null,
          metadata,
          type: 'adjustment',
        });
      }
      case 'POST /v1/subscriptions':
        return showSubscription(createSubscription(params), expand);
      case 'GET /v1/subscriptions/sub_:id':
        return showSubscription(get('sub', objectId), expand);
      case 'POST /v1/subscriptions/sub_:id':
        return showSubscription(updateSubscription(get('sub', objectId), params), expand);
      case 'DELETE /v1/subscriptions/sub_:id': {
        const subscription = get('sub', objectId);
        if (subscription.status === 'canceled') {
          throw new StripeError(400, 'resource_missing', `No such subscription: '${objectId}'`);
        }
        subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        subscription.canceled_at = now();
        subscription.cancellation_details = { prorate: params.prorate, invoice_now: params.invoice_now };
        return subscription;
      }
      // A downgrade from the term's end (issue 14): the subscription's schedule and the target price's interval.
      case 'POST /v1/subscription_schedules':
        return createSchedule(scheduleStore, params);
      case 'GET /v1/subscription_schedules/sub_sched_:id':
        return retrieveSchedule(scheduleStore, objectId);
      case 'POST /v1/subscription_schedules/sub_sched_:id':
        return updateSchedule(scheduleStore, objectId, params);
      case 'POST /v1/subscription_schedules/sub_sched_:id/release':
        return releaseSchedule(scheduleStore, objectId);
      case 'GET /v1/prices/price_:id': {
        const cents = priceCents[objectId];
        if (cents === undefined)
          throw new StripeError(404, 'resource_missing', `No such price: '${objectId}'`);
        return {
          id: objectId,
          object: 'price',
          type: 'recurring',
          currency: 'eur',
          unit_amount: cents,
          recurring: { interval: priceInterval(objectId), interval_count: 1 },
        };
      }
      case 'GET /v1/invoices/in_:id':
        return showInvoice(get('in', objectId), expand);
      // Paying an open invoice now, e.g. a failed renewal after the customer saved another method.
      case 'POST /v1/invoices/in_:id/pay': {
        const invoice = get('in', objectId);
        if (invoice.status !== 'open') {
          throw new StripeError(400, 'invoice_not_open', `Invoice ${objectId} is not open.`);
        }
        const intent = get('pi', intentOf(invoice));
        Object.assign(intent, {
          status: 'succeeded',
          last_payment_error: null,
          ...(typeof params.payment_method === 'string' ? { payment_method: params.payment_method } : {}),
        });
        Object.assign(invoice, {
          status: 'paid',
          amount_paid: invoice.amount_due,
          attempt_count: Number(invoice.attempt_count) + 1,
        });
        for (const payment of (invoice.payments as { data: Obj[] }).data) payment.status = 'paid';
        get('sub', subscriptionOf(invoice)).status = 'active';
        sent.push(
          signEvent('payment_intent.succeeded', { ...intent }),
          signEvent('invoice.payment_succeeded', showInvoice(invoice, [])),
          signEvent('invoice.paid', showInvoice(invoice, [])),
        );
        return showInvoice(invoice, expand);
      }
      case 'POST /v1/invoices/in_:id/void': {
        const invoice = get('in', objectId);
        if (invoice.status !== 'open') {
          throw new StripeError(400, 'invoice_not_editable', `You can only void open invoices.`);
        }
        invoice.status = 'void';
        // Since API version 2019-12-03 a voided invoice gives the balance it took back to the customer.
        const customer = get('cus', String(invoice.customer));
        customer.balance =
          Number(customer.balance) + Number(invoice.starting_balance) - Number(invoice.ending_balance);
        const intent = get('pi', intentOf(invoice));
        intent.status = 'canceled';
        return showInvoice(invoice, expand);
      }
      case 'GET /v1/payment_intents/pi_:id': {
        const intent = get('pi', objectId);
        const method = intent.payment_method;
        return expand.includes('payment_method') && typeof method === 'string'
          ? { ...intent, payment_method: get('pm', method) }
          : intent;
      }
      case 'POST /v1/payment_intents/pi_:id': {
        const intent = get('pi', objectId);
        intent.metadata = { ...(intent.metadata as Params), ...metadata };
        return intent;
      }
      // A new payment method (issue 14): Checkout in setup mode, its SetupIntent, the method, the defaults.
      case 'POST /v1/checkout/sessions':
        return createSetupSession(params);
      case 'GET /v1/setup_intents/seti_:id': {
        const intent = get('seti', objectId);
        const method = intent.payment_method && objects.get(String(intent.payment_method));
        return expand.includes('payment_method') && method ? { ...intent, payment_method: method } : intent;
      }
      case 'GET /v1/payment_methods/pm_:id':
        return get('pm', objectId);
      case 'POST /v1/customers/cus_:id': {
        const customer = get('cus', objectId);
        if (params.invoice_settings) customer.invoice_settings = params.invoice_settings;
        return customer;
      }
      default:
        throw new StripeError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
    }
  };

  const subscriptionOf = (invoice: Obj): string =>
    (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
  const intentOf = (invoice: Obj): string =>
    ((invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0]?.payment
      .payment_intent ?? '') as string;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      // The SDK sends GET and DELETE parameters in the query string, the others in the body.
      const raw = [url.search.slice(1), Buffer.concat(chunks).toString('utf8')].filter(Boolean).join('&');
      const params = decodeForm(raw);
      const header = req.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : null;
      requests.push({ method, path: url.pathname, idempotencyKey, params });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        reply(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      const replayKey = idempotencyKey && `${method} ${idempotencyKey}`;
      const stored = replayKey ? replies.get(replayKey) : undefined;
      if (stored) {
        if (stored.params !== raw) {
          reply(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        reply(res, stored.status, stored.body);
        return;
      }
      let status = 200;
      let body: unknown;
      try {
        body = handle(method, url.pathname, params);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        body = {
          error: {
            type: error.type,
            ...(error.code ? { code: error.code } : {}),
            message: error.message,
            ...(error.param ? { param: error.param } : {}),
          },
        };
      }
      if (replayKey) replies.set(replayKey, { params: raw, status, body });
      reply(res, status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const signEvent: FakeStripe['signEvent'] = (type, object, options = {}) => {
    const timestamp = options.timestamp ?? now();
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = WEBHOOK_SIGNER.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp,
    });
    return { type, body: Buffer.from(payload), header };
  };

  const settle: FakeStripe['settle'] = (invoiceId, outcome, failure = {}) => {
    const invoice = get('in', invoiceId);
    const intent = get('pi', intentOf(invoice));
    const sepa = (intent.payment_method_types as string[]).includes('sepa_debit');
    const paymentMethod = save({
      ...(sepa
        ? {
            id: id('pm'),
            object: 'payment_method',
            type: 'sepa_debit',
            sepa_debit: { country: 'DE', last4: '3000' },
          }
        : {
            id: id('pm'),
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
          }),
      customer: intent.customer,
    });
    intent.payment_method = paymentMethod.id;
    const shown = () => showInvoice(invoice, []);
    if (outcome === 'processing') {
      intent.status = 'processing';
      return [signEvent('payment_intent.processing', { ...intent })];
    }
    if (outcome === 'paid') {
      intent.status = 'succeeded';
      intent.latest_charge = id('ch');
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      for (const payment of (invoice.payments as { data: Array<Record<string, unknown>> }).data) {
        payment.status = 'paid';
      }
      const subscription = get('sub', subscriptionOf(invoice));
      subscription.status = 'active';
      // `save_default_payment_method: 'on_subscription'`: the method that paid becomes the subscription's default.
      const settings = subscription.payment_settings as { save_default_payment_method?: string } | null;
      if (settings?.save_default_payment_method === 'on_subscription') {
        subscription.default_payment_method = paymentMethod.id;
      }
      return [
        signEvent('payment_intent.succeeded', { ...intent }),
        signEvent('invoice.payment_succeeded', shown()),
        signEvent('invoice.paid', shown()),
      ];
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: sepa ? 'invalid_request_error' : 'card_error',
      ...(failure.code ? { code: failure.code } : {}),
      ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
      message: failure.message ?? 'The payment failed.',
      payment_method: paymentMethod,
    };
    invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
    return [
      signEvent('payment_intent.payment_failed', { ...intent }),
      signEvent('invoice.payment_failed', shown()),
    ];
  };

  const completeSetup: FakeStripe['completeSetup'] = (sessionId, kind) => {
    const session = objects.get(sessionId);
    if (session?.object !== 'checkout.session') throw new Error(`no checkout session ${sessionId}`);
    const intent = get('seti', String(session.setup_intent));
    const method = save(
      kind === 'sepa'
        ? {
            id: id('pm'),
            object: 'payment_method',
            type: 'sepa_debit',
            customer: session.customer,
            sepa_debit: { country: 'DE', last4: '3000' },
          }
        : {
            id: id('pm'),
            object: 'payment_method',
            type: 'card',
            customer: session.customer,
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
          },
    );
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    session.status = 'complete';
    return [
      signEvent('setup_intent.succeeded', { ...intent }),
      signEvent('checkout.session.completed', { ...session }),
    ];
  };

  const renew: FakeStripe['renew'] = (subscriptionId, outcome, period) => {
    const subscription = get('sub', subscriptionId);
    enterNextPhase(scheduleStore, subscription);
    for (const item of itemsOf(subscription)) {
      Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
    }
    const price = String(itemsOf(subscription)[0]?.price.id ?? '');
    const amount = priceCents[price] ?? 0;
    const invoiceId = id('in');
    // Stripe's own intents carry no metadata of ours: only the invoice events name the renewal.
    const intent = save({
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency: 'eur',
      customer: subscription.customer,
      status: outcome === 'paid' ? 'succeeded' : 'requires_payment_method',
      payment_method_types: ['card'],
      // Stripe charges the subscription's default method (the customer's when it has none).
      payment_method: subscription.default_payment_method ?? id('pm'),
      last_payment_error:
        outcome === 'paid'
          ? null
          : { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      metadata: {},
      created: now(),
    });
    const line = {
      id: id('il'),
      object: 'line_item',
      amount,
      currency: 'eur',
      invoice: invoiceId,
      period,
      pricing: {
        type: 'price_details',
        price_details: { price, product: `prod_${price}` },
        unit_amount_decimal: String(amount),
      },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: subscriptionId },
      },
    };
    const invoice = save({
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      status: outcome === 'paid' ? 'paid' : 'open',
      currency: 'eur',
      total: amount,
      amount_due: amount,
      amount_paid: outcome === 'paid' ? amount : 0,
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
      // A cycle invoice's own period is the one that ended; its line's is the new term.
      period_start: period.start,
      period_end: period.start,
      metadata: {},
      lines: list([line], `/v1/invoices/${invoiceId}/lines`),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: subscription.metadata ?? {} },
      },
      payments: list(
        [
          {
            id: id('inpay'),
            object: 'invoice_payment',
            invoice: invoiceId,
            is_default: true,
            status: outcome === 'paid' ? 'paid' : 'open',
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
        `/v1/invoice_payments`,
      ),
      created: now(),
    });
    subscription.latest_invoice = invoiceId;
    const shown = () => showInvoice(invoice, []);
    if (outcome === 'paid') {
      subscription.status = 'active';
      return [
        signEvent('payment_intent.succeeded', { ...intent }),
        signEvent('invoice.payment_succeeded', shown()),
        signEvent('invoice.paid', shown()),
      ];
    }
    subscription.status = 'past_due';
    return [
      signEvent('payment_intent.payment_failed', { ...intent }),
      signEvent('invoice.payment_failed', shown()),
    ];
  };

  const deleteSubscription: FakeStripe['deleteSubscription'] = (subscriptionId) => {
    const subscription = get('sub', subscriptionId);
    subscription.status = 'canceled';
    subscription.canceled_at = now();
    subscription.ended_at = now();
    return [signEvent('customer.subscription.deleted', { ...subscription })];
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    objects,
    settle,
    completeSetup,
    renew,
    deleteSubscription,
    signEvent,
    takeSentEvents: () => sent.splice(0),
    forgetIdempotencyKeys: () => replies.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
